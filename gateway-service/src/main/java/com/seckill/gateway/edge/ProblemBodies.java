package com.seckill.gateway.edge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reactor Netty answers a request it could not decode (414 line too long, 431 headers too large, 400
 * malformed) itself, with an empty body, before Spring sees it. Those answers are given the problem
 * body every other refusal has. Nothing else the gateway sends is a bodiless 400, 414 or 431.
 */
@ChannelHandler.Sharable
final class ProblemBodies extends ChannelDuplexHandler {

    private static final String PROBLEM_JSON = "application/problem+json";

    private final ObjectMapper json;

    ProblemBodies(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        if (msg instanceof FullHttpResponse response && isBareRefusal(response)) {
            byte[] body = body(response.status().code(), response.status().reasonPhrase());
            FullHttpResponse withBody = response.replace(Unpooled.wrappedBuffer(body));
            response.release();
            withBody.headers().set(HttpHeaderNames.CONTENT_TYPE, PROBLEM_JSON).setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
            ctx.write(withBody, promise);
            return;
        }
        ctx.write(msg, promise);
    }

    private static boolean isBareRefusal(FullHttpResponse response) {
        int status = response.status().code();
        return (status == 400 || status == 414 || status == 431)
                && !response.content().isReadable() && !response.headers().contains(HttpHeaderNames.CONTENT_TYPE);
    }

    private byte[] body(int status, String title) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", "about:blank");
        problem.put("title", title);
        problem.put("status", status);
        problem.put("detail", switch (status) {
            case 414 -> "Request line too long";
            case 431 -> "Request headers too large";
            default -> "Malformed HTTP request";
        });
        problem.put("code", ErrorCode.BAD_REQUEST.name());
        try {
            return json.writeValueAsBytes(problem);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A map of strings and numbers always serialises", e);
        }
    }
}
