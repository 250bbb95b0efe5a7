// JUnit Jupiter 5.14.4 on JDK 22+: every test runs, none errs
runs = [[reports: 'target/surefire-reports', jdk: 22]]
evaluate(new File(consumerSupport, 'verify-consumer.groovy'))
