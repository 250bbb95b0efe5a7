package forks;

class Fork3Tests extends TwoTimedTests {
}
