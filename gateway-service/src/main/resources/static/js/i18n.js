'use strict';
/*
 * The pages' two languages: English and Chinese (zh-CN). Chosen by the browser's language the first
 * time, then by the switch in the top bar (kept in this browser). Every sentence is written in English
 * where it is used, t('...'); this is its Chinese. {name} marks what a sentence is given: t('Wait {s} s', {s: 3}).
 */
const I18n = (() => {
  const KEY = 'seckill.lang';
  const ZH = 'zh-CN';
  const EN = 'en';

  const zh = {
    // the pages
    'Flash sale': '秒杀',
    'Flash sale · admin': '秒杀 · 管理',
    'Skip to the sale': '跳到商品',
    'Skip to the administration': '跳到管理',
    'On sale now and soon': '正在抢购与即将开始',
    "One unit per shopper. Times are the shop's: the countdowns follow its clock, not your device's.":
      '每人限购一件。时间以商城为准：倒计时跟随商城的时钟，而不是您设备的时钟。',
    'My orders': '我的订单',
    'Shop': '商城',
    'Administration': '管理',
    'Sign in with an administrator account (top of the page) to create activities, watch them live and keep the blacklist.':
      '请用管理员账号登录（页面顶部），以创建活动、实时查看活动并管理黑名单。',
    // errors, by code
    'Sold out: every unit has been taken.': '已售罄：所有商品都已被抢完。',
    'You already have this item: one per shopper.': '您已经抢到此商品：每人限购一件。',
    'Too many requests. You can try again in {s} s.': '请求过于频繁。请 {s} 秒后再试。',
    'The shop is very busy right now. Please try again in a moment.': '商城当前非常繁忙，请稍后再试。',
    'Purchases from your account or network are blocked. Contact support if this is a mistake.':
      '您的账号或网络已被禁止购买。如有误会，请联系客服。',
    'The sale has not started yet.': '抢购尚未开始。',
    'The sale has ended.': '抢购已结束。',
    'That purchase link expired or was already used. Press Buy again.': '该购买链接已过期或已被使用。请重新点击购买。',
    'Wrong answer to the picture. Here is a new one: try again.': '图片验证码答案错误。已换一张新图，请重试。',
    'Join the queue and wait for your turn first.': '请先加入排队，等待轮到您。',
    'Your session has ended. Please sign in again.': '您的登录已过期，请重新登录。',
    'You are not allowed to do this.': '您无权执行此操作。',
    'Not found: it may have been removed.': '未找到：可能已被删除。',
    'This can no longer be done: it has changed in the meantime.': '此操作已无法完成：内容已发生变化。',
    'Please check what you entered.': '请检查您输入的内容。',
    'That is too much data to send.': '发送的数据过多。',
    'The request was refused.': '请求被拒绝。',
    'Something went wrong on our side. Please try again.': '我们这边出了点问题，请重试。',
    'The shop cannot be reached. Check your connection and try again.': '无法连接商城。请检查网络后重试。',
    // sign-in
    'Signed in as user ': '已登录用户 ',
    ' (administrator)': '（管理员）',
    'Sign out': '退出',
    'User id': '用户 ID',
    ' administrator': ' 管理员',
    'Sign in': '登录',
    'Token': '令牌',
    'Use token': '使用令牌',
    'Signed in elsewhere? Use a token': '在别处登录过？使用令牌',
    'Demo sign-in is switched off here: paste a token below.': '此处已关闭演示登录：请在下方粘贴令牌。',
    'Enter a user id: a whole number from 1.': '请输入用户 ID：从 1 开始的整数。',
    'That is not a valid token, or it has expired.': '令牌无效或已过期。',
    // the shop
    'Sold out: the last units went to shoppers ahead of you.': '已售罄：最后的商品被排在您前面的顾客抢走了。',
    'Your request could not be completed and your place was given back. You can try again.': '您的请求未能完成，名额已退回。您可以再试一次。',
    'Nothing on sale right now. Come back soon.': '当前没有在售商品，请稍后再来。',
    'The sale could not be loaded. ': '商品加载失败。',
    'A sum to solve: the captcha picture': '验证码图片：一道加法题',
    'Answer to the picture': '图片答案',
    'New picture': '换一张',
    'Buy now': '立即抢购',
    'Waiting for your order': '正在等待您的订单',
    'Starts soon': '即将开始',
    'On sale': '抢购中',
    'Sold out': '已售罄',
    'Ended': '已结束',
    'Sign in to buy': '登录后抢购',
    'Bought': '已抢到',
    'Retrying in {s} s': '{s} 秒后重试',
    'Buying…': '抢购中…',
    'Not started': '未开始',
    'Sale ended': '抢购已结束',
    'Wait {s} s': '请等待 {s} 秒',
    'Buy now (captcha)': '立即抢购（需验证码）',
    'The shop is very busy: trying again in {s} s…': '商城非常繁忙：{s} 秒后自动重试…',
    'You can try again now.': '现在可以重试了。',
    'The picture could not be loaded. ': '图片加载失败。',
    'Solve the sum in the picture, then press Buy now again.': '请计算图片中的加法，然后再次点击立即抢购。',
    'Type the answer to the picture first.': '请先输入图片的答案。',
    'Sending your order…': '正在提交您的订单…',
    'You are in the queue. Your order is being written…': '已进入队列，正在生成您的订单…',
    'Got it! Order {id} is yours: pay for it in My orders below before the time runs out.': '抢到了！订单 {id} 是您的：请在下方“我的订单”中在时限内付款。',
    'Your purchase did not go through.': '您的购买未成功。',
    'Still in the queue: your order will show up in My orders when it is written.': '仍在队列中：订单生成后会显示在“我的订单”中。',
    '{left} of {total} left': '剩余 {left} / {total}',
    'starts in {t}': '{t} 后开始',
    'ends in {t}': '{t} 后结束',
    // the waiting room
    'Join the queue': '加入排队',
    'In the queue': '排队中',
    'Queue opens in {t}': '{t} 后开放排队',
    'You are number {p} in the queue. Serving {s}: about {eta} to go.': '您排在第 {p} 位。当前叫号 {s}：预计还需 {eta}。',
    'You are in the queue. Places are drawn at random at the start ({t}): joining earlier gives no advantage.':
      '您已加入排队。开抢时（{t}）随机抽签决定顺序：早加入并不占优势。',
    'The queue is paused by the shop. You keep your place.': '商城暂停了排队。您的位置会保留。',
    "It's your turn! Buying…": '轮到您了！正在抢购…',
    'Your turn passed before you bought. Join the queue again.': '轮到您时未完成购买，资格已过期。请重新排队。',
    'Sold out while you were waiting.': '您排队期间商品已售罄。',
    '{n} s': '{n} 秒',
    '{n} min': '{n} 分钟',
    // my orders
    'Waiting for payment': '待付款',
    'Paid': '已付款',
    'Cancelled': '已取消',
    'Closed unpaid': '超时未付款已关闭',
    'Refunded': '已退款',
    'No orders yet.': '还没有订单。',
    'Your orders could not be loaded. ': '订单加载失败。',
    'Pay': '付款',
    'Pay {amount}': '付款 {amount}',
    'Cancel order': '取消订单',
    'Paying…': '付款中…',
    'Cancelling…': '取消中…',
    'pay within {t}': '请在 {t} 内付款',
    'time is up: closing…': '时间已到：正在关闭…',
    'order {no}': '订单 {no}',
    'Payment {trade} started for {amount}.': '已发起支付 {trade}，金额 {amount}。',
    'Waiting for the payment provider to confirm payment {trade}…': '正在等待支付方确认支付 {trade}…',
    'Paid. Thank you!': '已付款，谢谢！',
    'Waiting for the payment to be confirmed…': '正在等待支付确认…',
    'Payment failed. ': '支付失败。',
    'Cancelled: the unit went back on sale.': '已取消：商品已重新上架。',
    'Not cancelled. ': '未能取消。',
    'Refund': '退款',
    'Refunding…': '退款中…',
    'Asked for on the shop page': '在商城页面申请',
    'Refund {no} asked for: the money goes back once the payment provider confirms.': '已申请退款 {no}：支付机构确认后即退回款项。',
    'Refunded: {amount} is on its way back to you.': '已退款：{amount} 正在退回给您。',
    'Not refunded. ': '未能退款。',
    'Orders': '订单',
    'Order id': '订单 ID',
    'Look up': '查询',
    'Reason for the refund': '退款原因',
    'Enter an order id.': '请输入订单 ID。',
    'No order {id}.': '没有订单 {id}。',
    'The order could not be loaded. ': '无法加载订单。',
    'Order': '订单',
    'Owner': '所属用户',
    'Goods': '商品',
    'activity {id}': '活动 {id}',
    'State': '状态',
    'Paid at': '支付时间',
    'Give a reason: it goes into the audit log.': '请填写原因：它会记入操作审计。',
    'Refund {no} asked for: the order ends refunded once the payment provider confirms.': '已申请退款 {no}：支付机构确认后订单即为已退款。',
    'Refunded (refund {no}).': '已退款（退款单 {no}）。',
    // the admin page
    'Administrators only': '仅限管理员',
    'Go to the shop': '去商城',
    'New activity': '新建活动',
    'Goods id': '商品 ID',
    'Goods name': '商品名称',
    'Price': '价格',
    'Stock': '库存',
    'Starts (your local time)': '开始时间（本地时间）',
    'Ends (your local time)': '结束时间（本地时间）',
    'Captcha before buying': '购买前需验证码',
    'Redis buckets (one hot item over several Redis masters)': 'Redis 分桶数（一件爆款由多个 Redis 主节点分担）',
    'Create activity': '创建活动',
    'Waiting room': '排队室',
    'Shoppers queue before buying (proposed for a sale with a crowd)': '顾客先排队再购买（人多的抢购建议开启）',
    'Admissions per second': '每秒放行人数',
    'Queue opens (seconds before the start)': '开放排队（开始前的秒数）',
    'Seconds an admitted shopper has to buy': '放行后可购买的秒数',
    'Activities': '活动',
    'Blacklist': '黑名单',
    'or address (IP)': '或地址（IP）',
    'Reason': '原因',
    'Until (empty: until removed)': '截止时间（留空：直到移除）',
    'Block': '加入黑名单',
    'Queue': '队列',
    'waiting {w} · serving {s} · admitted {a} · {r}/s': '等待 {w} · 叫号 {s} · 已放行 {a} · {r}/秒',
    'paused': '已暂停',
    'Pause': '暂停',
    'Resume': '恢复',
    'Set rate': '设置速率',
    'Audit log': '操作审计',
    'Live figures refresh every 3 seconds for the ten most recent activities not ended. A sale is consistent when Redis stock + live orders = stock total = MySQL stock + live orders, with nothing in flight.':
      '实时数据每 3 秒刷新，显示最近 10 个未结束的活动。当 Redis 库存 + 有效订单 = 总库存 = MySQL 库存 + 有效订单，且没有处理中的请求时，抢购数据一致。',
    'This page is for administrators. You are signed in as user {id}, who is not one: sign out and sign in with an administrator account.':
      '此页面仅供管理员使用。您当前登录的用户 {id} 不是管理员：请退出并用管理员账号登录。',
    'The administration cannot be reached. ': '无法连接管理后台。',
    'Creating…': '创建中…',
    'Activity {id} created: "{name}", {stock} units at {price}, from {start}.': '活动 {id} 已创建：“{name}”，{stock} 件，单价 {price}，{start} 开始。',
    'Not created: ': '未创建：',
    'check the fields': '请检查各字段',
    'Not created. ': '未创建。',
    'Activities could not be loaded. ': '活动加载失败。',
    'No activities yet: create one above.': '还没有活动：请在上方创建。',
    '· updated {time}': '· 更新于 {time}',
    'unknown': '未知',
    'none': '无',
    'not loaded': '未加载',
    'yes': '是',
    'no': '否',
    'Loaded into Redis.': '已加载到 Redis。',
    'Not loaded. ': '未加载。',
    'Warm up': '预热',
    'We could not tell whether your order went through. Looking at your orders…': '无法确认您的订单是否成功，正在查看您的订单…',
    'No order has shown up yet: if your order went through, it will appear in My orders.': '暂未找到订单：如果购买成功，订单会出现在“我的订单”中。',
    'Units to add': '追加数量',
    'Add stock': '追加库存',
    'Stock added: {n} units in all.': '库存已追加：共 {n} 件。',
    'Not added. ': '未追加。',
    '{n} units': '{n} 件',
    'Remove block {id}': '移除黑名单 {id}',
    'Block {id} removed.': '黑名单 {id} 已移除。',
    'Not removed. ': '未移除。',
    'Remove': '移除',
    'until removed': '直到移除',
    'Nobody is blocked.': '没有人在黑名单中。',
    'The blacklist could not be loaded. ': '黑名单加载失败。',
    'Blocked (entry {id}): applied by every gateway within a second.': '已加入黑名单（条目 {id}）：一秒内所有网关生效。',
    'Not blocked: ': '未加入黑名单：',
    'Queue changed.': '队列已更新。',
    'Not changed. ': '未更改。',
    'user {id}': '用户 {id}',
    'Who': '操作人',
    'What': '操作',
    'On': '对象',
    'When': '时间',
    'Before → after': '修改前 → 修改后',
    'No operator action yet.': '还没有操作记录。',
    'The audit log could not be loaded. ': '审计记录加载失败。',
  };

  function current() {
    const chosen = localStorage.getItem(KEY);
    if (chosen === ZH || chosen === EN) return chosen;
    return (navigator.language || '').toLowerCase().startsWith('zh') ? ZH : EN;
  }

  const lang = current();

  /** The sentence in the page's language, with its {placeholders} filled in. */
  function t(text, params) {
    const sentence = lang === ZH && Object.prototype.hasOwnProperty.call(zh, text) ? zh[text] : text;
    return params ? sentence.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all)) : sentence;
  }

  /** The page's own text (elements marked data-i18n), its language, and the switch in the top bar. */
  function apply() {
    document.documentElement.lang = lang === ZH ? 'zh-CN' : 'en';
    document.querySelectorAll('[data-i18n]').forEach(node => { node.textContent = t(node.textContent.trim()); });
    if (document.title) document.title = t(document.title);
    const bar = document.querySelector('.topbar');
    if (bar && !document.getElementById('lang')) {
      const button = document.createElement('button');
      button.type = 'button';
      button.id = 'lang';
      button.className = 'link lang';
      button.lang = lang === ZH ? 'en' : 'zh-CN';
      button.textContent = lang === ZH ? 'English' : '中文';
      button.addEventListener('click', () => {
        localStorage.setItem(KEY, lang === ZH ? EN : ZH);
        location.reload();
      });
      bar.append(button);
    }
  }

  /** Dates and money in the page's language. */
  const locale = lang === ZH ? 'zh-CN' : 'en-US';

  return { t, apply, lang, locale, sentences: zh };
})();
