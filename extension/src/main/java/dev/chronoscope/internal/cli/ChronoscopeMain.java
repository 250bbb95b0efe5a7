package dev.chronoscope.internal.cli;

public final class ChronoscopeMain {
    public static void main(String[] args) {
        System.out.println("chronoscope");
    }
}
