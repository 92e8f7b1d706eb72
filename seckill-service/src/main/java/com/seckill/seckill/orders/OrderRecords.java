package com.seckill.seckill.orders;

import com.seckill.common.ledger.ConsumerState;
import com.seckill.common.ledger.OrderServiceApi;
import com.seckill.common.ledger.RequestOutcome;
import com.seckill.web.trust.ServiceCredentials;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.client.discovery.DiscoveryClient;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * What order-service recorded in MySQL, asked of order-service with this service's own credential
 * (scope orders:read): who holds a unit of an activity, how its orders stand, how a request was
 * settled, and whether each consumer instance is idle.
 */
@Configuration(proxyBeanMethods = false)
public class OrderRecords {

    private static final String ORDER_SERVICE = "order-service";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(3);

    private final RestClient balanced;
    private final RestClient direct;
    private final DiscoveryClient discovery;

    OrderRecords(RestClient.Builder loadBalanced, ServiceCredentials credentials, DiscoveryClient discovery) {
        this.balanced = loadBalanced.clone().baseUrl("http://" + ORDER_SERVICE).requestFactory(requestFactory())
                .requestInterceptor(credentials).build();
        this.direct = RestClient.builder().requestFactory(requestFactory()).requestInterceptor(credentials).build();
        this.discovery = discovery;
    }

    @Bean
    @LoadBalanced
    static RestClient.Builder loadBalancedRestClient() {
        return RestClient.builder();
    }

    private static JdkClientHttpRequestFactory requestFactory() {
        JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(
                HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build());
        factory.setReadTimeout(READ_TIMEOUT);
        return factory;
    }

    /** Users holding a live (pending or paid) order: each holds a unit. */
    public List<Long> holders(long activityId) {
        return call(() -> balanced.get().uri(OrderServiceApi.HOLDERS, activityId).retrieve()
                .body(new ParameterizedTypeReference<List<Long>>() { }));
    }

    /** Orders of an activity by status name (PENDING, PAID, ...), every status present. */
    public Map<String, Long> orderCounts(long activityId) {
        return call(() -> balanced.get().uri(OrderServiceApi.ORDER_COUNTS, activityId).retrieve()
                .body(new ParameterizedTypeReference<Map<String, Long>>() { }));
    }

    /** How order-service settled a request, or empty while it has not. */
    public Optional<RequestOutcome> request(String requestId) {
        return call(() -> Optional.ofNullable(balanced.get().uri(OrderServiceApi.REQUEST, requestId)
                .exchange((request, response) -> {
                    if (response.getStatusCode().value() == 404) {
                        return null;
                    }
                    if (!response.getStatusCode().is2xxSuccessful()) {
                        throw new RestClientException("order-service answered " + response.getStatusCode());
                    }
                    return response.bodyTo(RequestOutcome.class);
                })));
    }

    /**
     * The consumer of every order-service instance discovery knows. An instance that refuses the
     * connection is gone, and so are its deliveries: the broker handed them back to the queue.
     */
    public List<ConsumerState> consumers() {
        List<ConsumerState> states = new ArrayList<>();
        for (ServiceInstance instance : discovery.getInstances(ORDER_SERVICE)) {
            try {
                states.add(direct.get().uri(instance.getUri() + OrderServiceApi.CONSUMER).retrieve().body(ConsumerState.class));
            } catch (ResourceAccessException e) {
                if (!(e.getCause() instanceof ConnectException)) {
                    throw new OrderServiceUnavailable("order-service at " + instance.getUri() + " did not answer", e);
                }
            } catch (RestClientException e) {
                throw new OrderServiceUnavailable("order-service at " + instance.getUri() + " failed", e);
            }
        }
        return states;
    }

    private interface Call<T> {
        T run();
    }

    private static <T> T call(Call<T> call) {
        try {
            return call.run();
        } catch (RestClientException e) {
            throw new OrderServiceUnavailable("order-service could not be asked: " + e.getMessage(), e);
        }
    }
}
