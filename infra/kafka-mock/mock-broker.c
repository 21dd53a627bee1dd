/*
 * A Kafka-protocol broker for development and tests: librdkafka's mock cluster.
 * Prints the bootstrap servers on the first line of stdout, then reads commands
 * on stdin ("down", "up", "quit") so tests can simulate a broker outage.
 */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int broker_count = argc > 1 ? atoi(argv[1]) : 1;
  char errstr[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
  if (!rk) {
    fprintf(stderr, "mock-broker: %s\n", errstr);
    return 1;
  }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, broker_count);
  if (!cluster) {
    fprintf(stderr, "mock-broker: could not create the mock cluster\n");
    return 1;
  }
  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);

  char line[64];
  while (fgets(line, sizeof(line), stdin)) {
    if (strncmp(line, "down", 4) == 0) rd_kafka_mock_broker_set_down(cluster, -1);
    else if (strncmp(line, "up", 2) == 0) rd_kafka_mock_broker_set_up(cluster, -1);
    else if (strncmp(line, "quit", 4) == 0) break;
    printf("ok\n");
    fflush(stdout);
  }
  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
