package com.seckill.gateway.overload;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.ChannelPipeline;
import org.springframework.boot.web.embedded.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.NettyPipeline;

/** Puts the {@link ShedGate} right behind the HTTP codec of every connection of the public port. */
@Configuration(proxyBeanMethods = false)
class ShedGateInstaller {

    @Bean
    NettyServerCustomizer shedGate(ConcurrencyLimits limits, SoldOutMemo soldOut, OverloadProperties properties, MeterRegistry meters) {
        ShedGate gate = new ShedGate(limits, soldOut, properties, meters);
        return server -> server.doOnChannelInit((observer, channel, address) -> {
            ChannelPipeline pipeline = channel.pipeline();
            if (pipeline.get(NettyPipeline.HttpCodec) != null) {
                pipeline.addAfter(NettyPipeline.HttpCodec, "seckill.shedGate", gate);
            }
        });
    }
}
