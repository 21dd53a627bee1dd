#!/bin/sh
# Creates the Kafka topics listed in a file (one per line, # comments), with the Kafka distribution's
# kafka-topics.sh. Topics that already exist are left alone, so it runs safely on every deploy.
# Used by docker-compose.yml (service kafka-topics) and the Kubernetes Job signet-topics, both on the
# apache/kafka image.
#
#   KAFKA_BOOTSTRAP=kafka:9092 TOPIC_PARTITIONS=6 TOPIC_REPLICATION_FACTOR=3 create-topics.sh topics.txt
#
# Partitions bound how many consumers of one group work in parallel; events of one envelope share a
# key, so they stay in order on one partition whatever the count.
set -eu

topics_file="${1:?usage: create-topics.sh <topics file>}"
bootstrap="${KAFKA_BOOTSTRAP:?set KAFKA_BOOTSTRAP to the Kafka bootstrap servers (host:port,...)}"
partitions="${TOPIC_PARTITIONS:-6}"
replication="${TOPIC_REPLICATION_FACTOR:-1}"
kafka_topics="${KAFKA_TOPICS_SH:-/opt/kafka/bin/kafka-topics.sh}"

# Every kafka-topics.sh call starts a JVM: list once, then create only what is missing.
existing="$("$kafka_topics" --bootstrap-server "$bootstrap" --list)"
created=0
for topic in $(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$topics_file"); do
  if printf '%s\n' "$existing" | grep -qxF "$topic"; then continue; fi
  "$kafka_topics" --bootstrap-server "$bootstrap" --create --if-not-exists --topic "$topic" \
    --partitions "$partitions" --replication-factor "$replication" >/dev/null
  created=$((created + 1))
done
echo "Kafka topics ready: $created created, the rest already existed (partitions $partitions, replication $replication)"
