package com.seckill.web.persistence;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.ibatis.type.BaseTypeHandler;
import org.apache.ibatis.type.EnumTypeHandler;
import org.apache.ibatis.type.JdbcType;
import org.apache.ibatis.type.TypeHandler;

/**
 * MyBatis's handler for every enum of the inner services ({@code mybatis.configuration.default-enum-type-handler}):
 * a {@link CodedEnum} is bound and read as its code, any other enum as its name (MyBatis's own default).
 * MyBatis makes one per enum type, through the constructor taking the type.
 */
public class CodedEnumTypeHandler<E extends Enum<E>> extends BaseTypeHandler<E> {

    private final Class<E> type;
    private final TypeHandler<E> byName;

    public CodedEnumTypeHandler(Class<E> type) {
        this.type = type;
        this.byName = CodedEnum.class.isAssignableFrom(type) ? null : new EnumTypeHandler<>(type);
    }

    @Override
    public void setNonNullParameter(PreparedStatement ps, int i, E value, JdbcType jdbcType) throws SQLException {
        if (byName != null) {
            byName.setParameter(ps, i, value, jdbcType);
        } else {
            ps.setInt(i, ((CodedEnum) value).code());
        }
    }

    @Override
    public E getNullableResult(ResultSet rs, String column) throws SQLException {
        if (byName != null) {
            return byName.getResult(rs, column);
        }
        int code = rs.getInt(column);
        return rs.wasNull() ? null : of(code);
    }

    @Override
    public E getNullableResult(ResultSet rs, int index) throws SQLException {
        if (byName != null) {
            return byName.getResult(rs, index);
        }
        int code = rs.getInt(index);
        return rs.wasNull() ? null : of(code);
    }

    @Override
    public E getNullableResult(CallableStatement cs, int index) throws SQLException {
        if (byName != null) {
            return byName.getResult(cs, index);
        }
        int code = cs.getInt(index);
        return cs.wasNull() ? null : of(code);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private E of(int code) {
        return (E) CodedEnum.of((Class) type, code);
    }
}
