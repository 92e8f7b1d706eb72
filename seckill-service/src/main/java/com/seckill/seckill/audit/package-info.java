/** Who did what to an activity or its queue, when, before -> after (contract §11): the operators' audit log. */
package com.seckill.seckill.audit;
