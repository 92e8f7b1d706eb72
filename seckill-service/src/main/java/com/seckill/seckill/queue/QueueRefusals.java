package com.seckill.seckill.queue;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.ProblemProperties;
import com.seckill.common.error.SeckillException;
import java.time.Instant;
import java.util.Map;

/** What the waiting room refuses, as facts. */
final class QueueRefusals {

    private QueueRefusals() {
    }

    /** The activity has no waiting room: shoppers ask for a path directly. */
    static final class NoWaitingRoom extends SeckillException {
        NoWaitingRoom(long activityId) {
            super(ErrorCode.NOT_FOUND, "Activity " + activityId + " has no waiting room");
        }
    }

    /** The queue is not open yet; the answer says when it opens. */
    static final class NotOpenYet extends SeckillException implements ProblemProperties {
        private final Instant opensAt;

        NotOpenYet(Instant opensAt) {
            super(ErrorCode.NOT_STARTED, "The queue opens at " + opensAt);
            this.opensAt = opensAt;
        }

        @Override
        public Map<String, Object> properties() {
            return Map.of("opensAt", opensAt.toString());
        }
    }

    /** Asked where one stands without having joined. */
    static final class NotInQueue extends SeckillException {
        NotInQueue() {
            super(ErrorCode.NOT_FOUND, "You are not in this queue: join it first");
        }
    }
}
