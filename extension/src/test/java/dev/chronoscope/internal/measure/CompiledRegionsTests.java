package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

class CompiledRegionsTests {

    private static LongSupplier counting(AtomicLong calls) {
        return () -> calls.incrementAndGet();
    }

    @Test
    void aRegionIsInlinedIntoAHiddenCopyOfItsShapesLoopOnePerRegionClass() {
        CompiledRegions compiled = new CompiledRegions();
        AtomicLong a = new AtomicLong();
        AtomicLong b = new AtomicLong();
        Region first = compiled.inlined(Region.of(counting(a)));
        Region second = compiled.inlined(Region.of(counting(b)));
        Region other = compiled.inlined(Region.of((LongSupplier) () -> 7L));

        Class<?> copy = first.target().getClass();
        assertThat(copy.isHidden()).as(copy.getName()).isTrue();
        assertThat(copy.getName()).startsWith(LongRegionLoop.class.getName() + "/");
        assertThat(second.target().getClass()).as("the same region class runs the same copy").isSameAs(copy);
        assertThat(other.target().getClass()).as("another region class gets a copy of its own").isNotSameAs(copy)
                .matches(Class::isHidden);

        // the copy runs its own region: 3 samples of 4 calls
        SampleRecorder recorder = new SampleRecorder(3);
        assertThat(first.time(new Counting(), 3, 4, Long.MAX_VALUE, recorder, new Sink())).isEqualTo(3);
        assertThat(a).hasValue(12);
        assertThat(b).hasValue(0);
        assertThat(recorder.samples().size()).isEqualTo(3);
    }

    @Test
    void eachShapeHasOneInlinedEmptyRegionPerJvmObject() {
        CompiledRegions compiled = new CompiledRegions();
        Region empty = compiled.inlinedEmpty(Region.LONG);
        assertThat(compiled.inlinedEmpty(Region.LONG)).isSameAs(empty);
        assertThat(empty.target().getClass().isHidden()).isTrue();
        assertThat(compiled.inlinedEmpty(Region.OBJECT).target().getClass().getName())
                .startsWith(ObjectRegionLoop.class.getName() + "/");
        for (Region.Shape shape : new Region.Shape[]{Region.OBJECT, Region.LONG, Region.INT, Region.DOUBLE, Region.RUNNABLE}) {
            SampleRecorder recorder = new SampleRecorder(2);
            assertThat(compiled.inlinedEmpty(shape).time(new Counting(), 2, 3, Long.MAX_VALUE, recorder, new Sink()))
                    .as(shape.loop().getSimpleName()).isEqualTo(2);
        }
    }

    @Test
    void anInlinedRegionIsNotInlinedAgain() {
        Region inlined = new CompiledRegions().inlined(Region.of((Supplier<Object>) () -> null));
        org.assertj.core.api.Assertions.assertThatThrownBy(inlined::shape)
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("its own loop already");
    }

    /** A clock that advances by one per read. */
    private static final class Counting extends ClockReader {
        private long now;

        @Override
        public ClockId clock() {
            return ClockId.CLOCK_MONOTONIC;
        }

        @Override
        public long begin() {
            return now++;
        }

        @Override
        public long end() {
            return now++;
        }

        @Override
        public String readMethod() {
            return "counting";
        }
    }
}
