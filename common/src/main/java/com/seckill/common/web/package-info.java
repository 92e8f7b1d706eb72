/** The HTTP side of the contract for servlet services: trusted headers and how errors become problem+json. */
package com.seckill.common.web;
