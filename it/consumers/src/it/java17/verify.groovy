// On JDK 17 the untimed tests run and the timed ones are skipped, naming the JDK; on JDK 22+ all run
runs = [[reports: 'target/surefire-reports', jdk: 17], [reports: 'target/surefire-reports-jdk22', jdk: 22]]
evaluate(new File(consumerSupport, 'verify-consumer.groovy'))
