package com.seckill.common.validation;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * JSON bodies are UTF-8 (RFC 8259), and only well-formed UTF-8: Jackson decodes an overlong
 * sequence such as {@code C0 AF} to '/' without a word, so a name could smuggle in characters its
 * validation never saw. The JDK's decoder refuses overlong forms, encoded surrogates and truncated
 * sequences; every service runs a body through it before parsing.
 */
public final class WellFormedUtf8 {

    private WellFormedUtf8() {
    }

    /** Whether the bytes between the buffer's position and limit are well-formed UTF-8; the buffer is not moved. */
    public static boolean check(ByteBuffer bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes.duplicate());
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    public static boolean check(byte[] bytes) {
        return check(ByteBuffer.wrap(bytes));
    }
}
