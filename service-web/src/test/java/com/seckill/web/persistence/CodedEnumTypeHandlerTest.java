package com.seckill.web.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The inner services' one enum handler: codes for a {@link CodedEnum}, names for any other enum. */
class CodedEnumTypeHandlerTest {

    enum Light implements CodedEnum {
        RED(7), GREEN(3);

        private final int code;

        Light(int code) {
            this.code = code;
        }

        @Override
        public int code() {
            return code;
        }
    }

    enum Plain { ONE, TWO }

    private final PreparedStatement statement = mock(PreparedStatement.class);
    private final ResultSet row = mock(ResultSet.class);

    @Test
    void aCodedEnumIsBoundAndReadAsItsCodeNotItsPosition() throws SQLException {
        CodedEnumTypeHandler<Light> handler = new CodedEnumTypeHandler<>(Light.class);

        handler.setParameter(statement, 1, Light.GREEN, null);
        verify(statement).setInt(1, 3);

        when(row.getInt("status")).thenReturn(7);
        assertThat(handler.getResult(row, "status")).isEqualTo(Light.RED);
        when(row.getInt(2)).thenReturn(3);
        assertThat(handler.getResult(row, 2)).isEqualTo(Light.GREEN);
    }

    @Test
    void aNullColumnIsNoConstantAndAnUnknownCodeIsAnError() throws SQLException {
        CodedEnumTypeHandler<Light> handler = new CodedEnumTypeHandler<>(Light.class);
        when(row.getInt("status")).thenReturn(0);
        when(row.wasNull()).thenReturn(true);
        assertThat(handler.getResult(row, "status")).isNull();

        when(row.getInt("status")).thenReturn(5);
        when(row.wasNull()).thenReturn(false);
        assertThatThrownBy(() -> handler.getResult(row, "status")).hasRootCauseMessage("Unknown Light code 5");
    }

    @Test
    void anyOtherEnumIsBoundAndReadByItsNameAsMyBatisDoes() throws SQLException {
        CodedEnumTypeHandler<Plain> handler = new CodedEnumTypeHandler<>(Plain.class);

        handler.setParameter(statement, 1, Plain.TWO, null);
        verify(statement).setString(1, "TWO");

        when(row.getString("kind")).thenReturn("ONE");
        assertThat(handler.getResult(row, "kind")).isEqualTo(Plain.ONE);
    }
}
