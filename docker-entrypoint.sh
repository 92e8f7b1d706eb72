#!/bin/sh
# The service's container entry: java on the AOT cache of this image's jar and this JDK when the deployment has
# one (volume /aot), else the first container of the service records it. Recording runs the service as usual (its
# warm-up before it is ready, then the sale's own requests: the hot paths) and writes the cache as it stops
# (stop_grace_period leaves time for that); later containers start on it. One container records at a time.
set -eu
jar="/app/${SERVICE}.jar"
jdk="$(java -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -n 1)"
cache="/aot/${SERVICE}-$(sha256sum "$jar" | cut -c1-16)-jdk${jdk}.aot"
if [ -f "$cache" ]; then
    exec java -XX:AOTCache="$cache" -jar "$jar"
fi
# a recording that ended without its cache (the container killed) does not hold the next one back for long
find /aot -maxdepth 1 -name "${SERVICE}-*.recording" -mmin +30 -exec rmdir {} + 2>/dev/null || true
if mkdir "$cache.recording" 2>/dev/null; then
    exec java -XX:AOTCacheOutput="$cache" -jar "$jar"
fi
exec java -jar "$jar"
