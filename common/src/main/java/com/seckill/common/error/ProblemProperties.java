package com.seckill.common.error;

import java.util.Map;

/** A refusal whose problem answer carries more than its code and detail (say, when a queue opens). */
public interface ProblemProperties {

    Map<String, Object> properties();
}
