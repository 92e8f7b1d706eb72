/**
 * The HTTP connection itself, below Spring: requests Netty refuses before any filter runs (a line or
 * header block too long, a malformed header, an ambiguous body length) get a problem answer too.
 */
package com.seckill.gateway.edge;
