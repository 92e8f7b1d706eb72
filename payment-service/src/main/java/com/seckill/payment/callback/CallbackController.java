package com.seckill.payment.callback;

import io.swagger.v3.oas.annotations.Operation;
import com.seckill.web.openapi.Answers;
import com.seckill.common.error.ErrorCode;
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
    @Operation(summary = "The payment provider's callback: HMAC-SHA256 of the raw body in X-Signature, a timestamp within 5 minutes")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.BAD_SIGNATURE, ErrorCode.NOT_FOUND})
    @PostMapping(path = "/api/payments/callback", consumes = MediaType.APPLICATION_JSON_VALUE)
    CallbackAnswer callback(@RequestBody byte[] body,
                            @RequestHeader(name = CallbackSignature.HEADER, required = false) String signature) {
        var payment = service.handle(body, signature);
        return new CallbackAnswer(payment.tradeNo(), payment.statusName());
    }

    record CallbackAnswer(String tradeNo, String status) {
    }
}
