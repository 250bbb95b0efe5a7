// JUnit Jupiter 6.1.3 on JDK 22+: every test runs, none errs
runs = [[reports: 'target/surefire-reports', jdk: 22]]
evaluate(new File(consumerSupport, 'verify-consumer.groovy'))
