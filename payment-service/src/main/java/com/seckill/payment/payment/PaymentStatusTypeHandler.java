package com.seckill.payment.payment;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.ibatis.type.BaseTypeHandler;
import org.apache.ibatis.type.JdbcType;
import org.apache.ibatis.type.MappedTypes;

/** A {@link PaymentStatus} is stored as its code, so SQL binds the enum and holds no status literal. */
@MappedTypes(PaymentStatus.class)
public class PaymentStatusTypeHandler extends BaseTypeHandler<PaymentStatus> {

    @Override
    public void setNonNullParameter(PreparedStatement ps, int i, PaymentStatus status, JdbcType jdbcType) throws SQLException {
        ps.setInt(i, status.code());
    }

    @Override
    public PaymentStatus getNullableResult(ResultSet rs, String column) throws SQLException {
        int code = rs.getInt(column);
        return rs.wasNull() ? null : PaymentStatus.of(code);
    }

    @Override
    public PaymentStatus getNullableResult(ResultSet rs, int index) throws SQLException {
        int code = rs.getInt(index);
        return rs.wasNull() ? null : PaymentStatus.of(code);
    }

    @Override
    public PaymentStatus getNullableResult(CallableStatement cs, int index) throws SQLException {
        int code = cs.getInt(index);
        return cs.wasNull() ? null : PaymentStatus.of(code);
    }
}
