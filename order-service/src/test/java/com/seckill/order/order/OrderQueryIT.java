package com.seckill.order.order;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.seckill.common.message.OrderMessage;
import com.seckill.web.test.Callers;
import com.seckill.order.OrderServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.MockMvc;

/** Owners see their orders; everyone else gets 404; bad ids get 400. */
class OrderQueryIT extends OrderServiceIT {

    @Autowired
    MockMvc mvc;
    @Autowired
    OrderMapper orders;

    @Test
    void ownerSeesTheOrderAndOthersGet404() throws Exception {
        long activityId = insertActivity(2);
        long owner = uniqueId();
        OrderMessage message = message(activityId, owner);
        NewOrder row = new NewOrder("it" + uniqueId(), message);
        orders.insert(row);
        long orderId = row.getId();

        mvc.perform(get("/api/orders/{id}", orderId).with(Callers.user(owner)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.id").value(orderId))
                .andExpect(jsonPath("$.status").value("PENDING"))
                .andExpect(jsonPath("$.price").value(10.00))
                .andExpect(jsonPath("$.activityId").value(activityId));
        mvc.perform(get("/api/orders").with(Callers.user(owner)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.length()").value(1))
                .andExpect(jsonPath("$[0].id").value(orderId));
        mvc.perform(get("/api/orders/{id}", orderId).with(Callers.user(owner + 1)))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.code").value("NOT_FOUND"));
        mvc.perform(get("/api/orders").with(Callers.user(owner + 1)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.length()").value(0));
    }

    @Test
    void badOrderIdsAre400AndMissingOrForgedIdentityIs401() throws Exception {
        mvc.perform(get("/api/orders/abc").with(Callers.user(1))).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code").value("BAD_REQUEST"));
        mvc.perform(get("/api/orders/-5").with(Callers.user(1))).andExpect(status().isBadRequest());
        mvc.perform(get("/api/orders/99999999999999999999").with(Callers.user(1))).andExpect(status().isBadRequest());
        mvc.perform(get("/api/orders/1")).andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.code").value("UNAUTHENTICATED"));
        mvc.perform(get("/api/orders/1").header("X-User-Id", "1 OR 1=1").with(Callers.user(1)))
                .andExpect(status().isUnauthorized());
    }
}
