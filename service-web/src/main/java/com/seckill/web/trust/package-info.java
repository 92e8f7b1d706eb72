/**
 * Trust on the inner services (contract §9): every call must carry an internal token, signed by
 * the gateway for what it forwards or by a calling service for itself; nothing else is believed.
 */
package com.seckill.web.trust;
