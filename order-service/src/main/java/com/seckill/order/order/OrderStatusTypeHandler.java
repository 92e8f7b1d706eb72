package com.seckill.order.order;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.ibatis.type.BaseTypeHandler;
import org.apache.ibatis.type.JdbcType;
import org.apache.ibatis.type.MappedTypes;

/** An {@link OrderStatus} is stored as its code (DESIGN.md §6), so SQL binds the enum and holds no status literal. */
@MappedTypes(OrderStatus.class)
public class OrderStatusTypeHandler extends BaseTypeHandler<OrderStatus> {

    @Override
    public void setNonNullParameter(PreparedStatement ps, int i, OrderStatus status, JdbcType jdbcType) throws SQLException {
        ps.setInt(i, status.code());
    }

    @Override
    public OrderStatus getNullableResult(ResultSet rs, String column) throws SQLException {
        int code = rs.getInt(column);
        return rs.wasNull() ? null : OrderStatus.of(code);
    }

    @Override
    public OrderStatus getNullableResult(ResultSet rs, int index) throws SQLException {
        int code = rs.getInt(index);
        return rs.wasNull() ? null : OrderStatus.of(code);
    }

    @Override
    public OrderStatus getNullableResult(CallableStatement cs, int index) throws SQLException {
        int code = cs.getInt(index);
        return cs.wasNull() ? null : OrderStatus.of(code);
    }
}
