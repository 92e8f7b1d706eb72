package com.seckill.web.edge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's error report, as problem+json instead of an HTML page. It writes only where nothing else
 * answered: the services' own errors carry their problem already, so this is for what Tomcat refuses
 * before Spring runs (an invalid escape, an unknown method, a bad header). No message of Tomcat's is
 * echoed: the status says what went wrong.
 */
public final class ProblemReportValve extends ErrorReportValve {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        ErrorCode code = ErrorCode.forStatus(status);
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", "about:blank");
        HttpStatus known = HttpStatus.resolve(status);
        problem.put("title", known == null ? code.title() : known.getReasonPhrase());
        problem.put("status", status);
        problem.put("detail", status == 400 ? "Malformed request: check the path, its escapes and the headers"
                : "The server refused the request");
        problem.put("code", code.name());
        try {
            byte[] body = JSON.writeValueAsBytes(problem);
            response.setContentType("application/problem+json");
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response was committed meanwhile: nothing left to tell it
        }
    }
}
