/** What the gateway and the inner services agree on about requests: headers, the canonical path, id spelling. */
package com.seckill.common.web;
