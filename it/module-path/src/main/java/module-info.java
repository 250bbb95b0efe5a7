/**
 * A consumer of Chronoscope that is itself a named module; its tests (patched into it by Surefire)
 * show that chronoscope-junit works on the module path.
 */
module dev.chronoscope.it.modulepath {
    requires dev.chronoscope.junit;
    requires org.assertj.core;
    // chronoscope-junit provides a launcher listener: the launcher must be a module too. Without
    // junit-platform-launcher among this module's dependencies, Surefire puts its own copy on the
    // class path and the listener fails its superinterface access check (IllegalAccessError).
    requires org.junit.platform.launcher;
}
