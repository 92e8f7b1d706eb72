package com.seckill.web.trust;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import com.seckill.web.problem.ApiProblemHandler;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;

/** Writes a refusal made before any controller runs as the same problem a controller's would be. */
final class Problems {

    private final ObjectMapper json;

    Problems(ObjectMapper json) {
        this.json = json;
    }

    void write(HttpServletResponse response, ErrorCode code, String detail) throws IOException {
        response.setStatus(code.status());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        json.writeValue(response.getOutputStream(), ApiProblemHandler.problem(code, detail));
    }
}
