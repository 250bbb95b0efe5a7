package forks;

class Fork2Tests extends TwoTimedTests {
}
