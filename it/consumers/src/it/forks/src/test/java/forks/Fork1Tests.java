package forks;

class Fork1Tests extends TwoTimedTests {
}
