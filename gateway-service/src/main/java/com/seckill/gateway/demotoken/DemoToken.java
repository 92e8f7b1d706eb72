package com.seckill.gateway.demotoken;

record DemoToken(String token) {
}
