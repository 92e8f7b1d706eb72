package com.seckill.seckill.infra;

import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.Connection;
import org.springframework.amqp.rabbit.connection.ConnectionListener;
import org.springframework.stereotype.Component;

/**
 * Whether this instance's connection to the broker is up, as the connection factory last saw it: a
 * waiting room admits nobody while purchases cannot be published (contract §11, rule 2).
 */
@Component
public class BrokerState implements ConnectionListener {

    private final AtomicBoolean up = new AtomicBoolean(true);

    BrokerState(CachingConnectionFactory connections) {
        connections.addConnectionListener(this);
    }

    public boolean isUp() {
        return up.get();
    }

    @Override
    public void onCreate(Connection connection) {
        up.set(true);
    }

    @Override
    public void onClose(Connection connection) {
        up.set(false);
    }

    @Override
    public void onShutDown(com.rabbitmq.client.ShutdownSignalException signal) {
        up.set(false);
    }

    @Override
    public void onFailed(Exception exception) {
        up.set(false);
    }
}
