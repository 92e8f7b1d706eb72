/** The operators' audit log as one list (contract §11): the gateway's blacklist actions and seckill-service's activity and queue actions. */
package com.seckill.gateway.audit;
