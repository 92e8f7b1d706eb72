package com.seckill.order.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.seckill.common.message.OrderMessage;
import com.seckill.common.message.Queues;
import com.seckill.common.trust.Scopes;
import com.seckill.order.OrderServiceIT;
import com.seckill.order.consume.ConsumeLogMapper;
import com.seckill.order.order.NewOrder;
import com.seckill.order.order.OrderMapper;
import com.seckill.web.test.Callers;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/** order-service's internal API: only other services, with the scope each endpoint names, may use it. */
class InternalApiIT extends OrderServiceIT {

    @Autowired
    MockMvc mvc;
    @Autowired
    OrderMapper orders;
    @Autowired
    ConsumeLogMapper consumeLog;

    private long pendingOrder(long activityId, long owner) {
        NewOrder row = new NewOrder("it" + uniqueId(), message(activityId, owner));
        orders.insert(row);
        return row.getId();
    }

    private static MockHttpServletRequestBuilder pay(long orderId, String amount) {
        return post("/internal/orders/{id}/pay", orderId).contentType(MediaType.APPLICATION_JSON)
                .content("{\"amount\":" + amount + "}");
    }

    private long orderStatus(long orderId) throws Exception {
        return count("SELECT status FROM seckill_order WHERE id = ?", orderId);
    }

    @Test
    void nobodyButPaymentServiceWithItsScopeCanMarkAnOrderPaid() throws Exception {
        long orderId = pendingOrder(insertActivity(2), uniqueId());

        mvc.perform(pay(orderId, "10.00")).andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.code").value("UNAUTHENTICATED"));
        mvc.perform(pay(orderId, "10.00").header("X-User-Id", "1").header("X-User-Roles", "ADMIN"))
                .andExpect(status().isUnauthorized());
        mvc.perform(pay(orderId, "10.00").with(Callers.admin(1))).andExpect(status().isForbidden());
        mvc.perform(pay(orderId, "10.00").with(Callers.service("seckill-service", Scopes.ORDERS_READ)))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.code").value("FORBIDDEN"));
        assertThat(orderStatus(orderId)).as("still pending").isZero();

        mvc.perform(pay(orderId, "10.00").with(Callers.service("payment-service", Scopes.ORDERS_PAY)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.outcome").value("PAID"));
        mvc.perform(pay(orderId, "10.00").with(Callers.service("payment-service", Scopes.ORDERS_PAY)))
                .andExpect(jsonPath("$.outcome").value("ALREADY_PAID"));
        assertThat(orderStatus(orderId)).isEqualTo(1);
    }

    @Test
    void aPaymentOfAnotherAmountThanThePriceDoesNotPayTheOrder() throws Exception {
        long orderId = pendingOrder(insertActivity(2), uniqueId());

        mvc.perform(pay(orderId, "0.01").with(Callers.service("payment-service", Scopes.ORDERS_PAY)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.outcome").value("AMOUNT_MISMATCH"));
        mvc.perform(pay(orderId, "-3").with(Callers.service("payment-service", Scopes.ORDERS_PAY)))
                .andExpect(status().isBadRequest());
        assertThat(orderStatus(orderId)).isZero();
    }

    @Test
    void anotherServiceReadsOrdersHoldersAndOutcomesThroughTheOwner() throws Exception {
        long activityId = insertActivity(5);
        long owner = uniqueId();
        long orderId = pendingOrder(activityId, owner);
        OrderMessage refused = message(activityId, uniqueId());
        consumeLog.insert(refused, Queues.ORDER_CREATE, "SOLD_OUT");
        String requestOfOrder = orders.findById(orderId).requestId();
        var reader = Callers.service("payment-service", Scopes.ORDERS_READ);

        mvc.perform(get("/internal/orders/{id}", orderId).with(reader)).andExpect(status().isOk())
                .andExpect(jsonPath("$.userId").value(owner))
                .andExpect(jsonPath("$.price").value(10.00))
                .andExpect(jsonPath("$.status").value("PENDING"));
        mvc.perform(get("/internal/activities/{id}/holders", activityId).with(reader))
                .andExpect(jsonPath("$.length()").value(1))
                .andExpect(jsonPath("$[0]").value(owner));
        mvc.perform(get("/internal/activities/{id}/orders", activityId).with(reader))
                .andExpect(jsonPath("$.PENDING").value(1))
                .andExpect(jsonPath("$.CLOSED").value(0));
        mvc.perform(get("/internal/requests/{id}", requestOfOrder).with(reader))
                .andExpect(jsonPath("$.status").value("SUCCESS"))
                .andExpect(jsonPath("$.orderId").value(orderId))
                .andExpect(jsonPath("$.userId").value(owner));
        mvc.perform(get("/internal/requests/{id}", refused.requestId()).with(reader))
                .andExpect(jsonPath("$.status").value("FAIL"))
                .andExpect(jsonPath("$.reason").value("SOLD_OUT"))
                .andExpect(jsonPath("$.userId").value(refused.userId()));
        mvc.perform(get("/internal/requests/{id}", UUID.randomUUID().toString()).with(reader))
                .andExpect(status().isNotFound());
        mvc.perform(get("/internal/consumer").with(reader)).andExpect(status().isOk())
                .andExpect(jsonPath("$.busy").isBoolean())
                .andExpect(jsonPath("$.idleMillis").isNumber());

        mvc.perform(get("/internal/orders/{id}", orderId).with(Callers.user(owner))).andExpect(status().isForbidden());
        mvc.perform(get("/internal/orders/{id}", orderId)).andExpect(status().isUnauthorized());
    }
}
