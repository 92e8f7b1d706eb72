/** The public entry of the platform: authenticates callers, checks one-time purchase paths and routes to the services. */
package com.seckill.gateway;
