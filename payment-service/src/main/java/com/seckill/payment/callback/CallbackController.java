package com.seckill.payment.callback;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** The provider's entry: public at the gateway, trusted only through its signature. */
@RestController
class CallbackController {

    private final CallbackService service;

    CallbackController(CallbackService service) {
        this.service = service;
    }

    /** The raw bytes are what was signed: they are verified before they are parsed. */
    @PostMapping(path = "/api/payments/callback", consumes = MediaType.APPLICATION_JSON_VALUE)
    CallbackAnswer callback(@RequestBody byte[] body,
                            @RequestHeader(name = CallbackSignature.HEADER, required = false) String signature) {
        var payment = service.handle(body, signature);
        return new CallbackAnswer(payment.tradeNo(), payment.statusName());
    }

    record CallbackAnswer(String tradeNo, String status) {
    }
}
