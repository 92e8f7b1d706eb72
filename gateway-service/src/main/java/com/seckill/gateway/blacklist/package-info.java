/** The admin-managed deny list of users and client addresses, checked in memory on every request. */
package com.seckill.gateway.blacklist;
