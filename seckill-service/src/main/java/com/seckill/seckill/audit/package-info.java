/** Who did what to an activity or its queue, when, before -> after (DESIGN.md §11): the operators' audit log. */
package com.seckill.seckill.audit;
