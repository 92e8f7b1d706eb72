package com.seckill.gateway.body;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/** @param maxSize largest request body accepted; every API body is a few hundred bytes of JSON */
@ConfigurationProperties("seckill.gateway.body")
record BodyProperties(@DefaultValue("16KB") DataSize maxSize) {
}
