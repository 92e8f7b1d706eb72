package com.seckill.gateway.blacklist;

import com.seckill.gateway.GatewayFilterOrder;
import com.seckill.gateway.auth.AuthenticatedUser;
import com.seckill.gateway.client.ClientAddresses;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;

/**
 * The two places a request meets the deny list: its address before anything else is done with it,
 * its user as soon as the token proved who it is; both before rate limiting and routing. Neither costs
 * a Redis call.
 */
@Configuration(proxyBeanMethods = false)
class BlacklistFilters {

    @Bean
    @Order(GatewayFilterOrder.BLOCKED_ADDRESS)
    WebFilter blockedAddressFilter(Blacklist blacklist, ClientAddresses clients) {
        return (exchange, chain) -> blacklist.blocksAddress(clients.of(exchange))
                ? Mono.error(new Blocked()) : chain.filter(exchange);
    }

    @Bean
    @Order(GatewayFilterOrder.BLOCKED_USER)
    WebFilter blockedUserFilter(Blacklist blacklist) {
        return (exchange, chain) -> AuthenticatedUser.of(exchange).filter(user -> blacklist.blocksUser(user.userId()))
                .isPresent() ? Mono.error(new Blocked()) : chain.filter(exchange);
    }
}
