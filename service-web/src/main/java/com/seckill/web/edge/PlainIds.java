package com.seckill.web.edge;

import com.seckill.common.web.DecimalId;
import java.beans.PropertyEditorSupport;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Path variables, parameters and headers read as numbers are plain ASCII decimal ({@link DecimalId}):
 * Spring would read {@code 0x10} as 16 and {@code " 1"}, {@code +1} or {@code 0001} as 1. An editor,
 * not a converter: when a converter refuses, Spring falls back to its own number parsing, which accepts
 * all of them; a custom editor is asked first and alone.
 */
@ControllerAdvice
public class PlainIds {

    @InitBinder
    void plainDecimal(WebDataBinder binder) {
        binder.registerCustomEditor(long.class, new DecimalIdEditor());
        binder.registerCustomEditor(Long.class, new DecimalIdEditor());
    }

    private static final class DecimalIdEditor extends PropertyEditorSupport {

        @Override
        public void setAsText(String text) {
            setValue(DecimalId.parse(text));
        }
    }
}
