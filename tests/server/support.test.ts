// Support tickets on the server (schemas/routes/support.json): a signed-in buyer opens a ticket to a shop and
// the shop's staff answer it; seen marks and unseen counts of each side; terminating; the lists and their
// scopes; a visitor without an account opens one by mail, confirms it with the mailed link and follows it
// with the link's token; the mails each step sends; who is refused (strangers, other shops' staff, another
// site, a bad or expired token, a closed ticket, bad input) and that a refused call changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailSupportComment,
  mailSupportGet,
  mailSupportList,
  mailSupportLiveSeen,
  mailSupportNew,
  mailSupportRecord,
  mailSupportTerminate,
  supportShopList,
  userShopEdit,
  userSupportComment,
  userSupportGet,
  userSupportList,
  userSupportLiveSeen,
  userSupportNew,
  userSupportTerminate,
} from '../../src/generated/client/index.ts';
import { outboxOnlyMailer } from '../../server/mail/mailer.ts';
import { deleteStalePending } from '../../server/services/support-store.ts';
import { SUPPORT_PENDING_DAYS } from '../../src/domain/support.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, auditCount, snapshot, tenantIdOf, type Actor } from './support/actors.ts';
import { addBundle, insertOrder, openShop, SEED_SHOP_ID } from './support/shops.ts';
import { callFrom, newIp } from './account-helpers.ts';

const BUYER_MAIL = 'buyer.support@example.com';
const VISITOR_MAIL = 'Maria.Lopez@Example.org';

interface Mail {
  purpose: string;
  mail_to: string;
  subject: string;
  text_body: string;
}

describe.each(databaseKinds('same-on-every-database'))('support tickets on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let staff: Actor;
  let buyer: Actor;
  let quietBuyer: Actor;
  let stranger: Actor;
  let otherOwner: Actor;
  let shopAdminElsewhere: Actor;
  let admin: Actor;
  let clinicalAdmin: Actor;
  let shop: string;
  let otherShop: string;
  let bundle: string;
  let otherBundle: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { mailer: outboxOnlyMailer, linkOrigin: (domain) => `https://${domain}` });
    owner = await actor(t, 'support.owner', { authCodes: ['shop_new', 'shop_admin'] });
    staff = await actor(t, 'support.staff');
    buyer = await actor(t, 'support.buyer');
    quietBuyer = await actor(t, 'support.quiet');
    stranger = await actor(t, 'support.stranger');
    otherOwner = await actor(t, 'support.other', { authCodes: ['shop_new', 'shop_admin'] });
    shopAdminElsewhere = await actor(t, 'support.shopadmin', { authCodes: ['shop_admin'] });
    admin = await actor(t, 'admin');
    clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
    shop = await openShop(owner, 'Destek Mağazası', [staff]);
    otherShop = await openShop(otherOwner, 'Başka Mağaza');
    owner.use();
    expect((await userShopEdit({ shop_client_id: shop, user_client_id: owner.userId, shop_name: 'Destek Mağazası', shop_mail: 'shop@example.com' })).status_code).toBe('10000');
    bundle = await addBundle(owner, shop, 'Analiz Paketi', { translations: { en: { bundle_name: 'Analytics Bundle' } } });
    otherBundle = await addBundle(otherOwner, otherShop, 'Başka Paket');
    await t.db.query("update app_user set mail = $2, firstname = 'Ayşe', active_lang = 0 where user_id = $1", [buyer.userId, BUYER_MAIL]);
    await t.db.query("update app_user set mail = 'quiet@example.com', mail_notification = false where user_id = $1", [quietBuyer.userId]);
  });
  afterAll(() => t.close());

  /** Expects `call` to answer `code` and to change nothing (every table but the audit trail). */
  async function refusedUnchanged<R extends { status_code: string; status_message: string }>(call: () => Promise<R>, code: string): Promise<R> {
    const before = await snapshot(t.db);
    const res = await call();
    expect(res.status_code, res.status_message).toBe(code);
    expect(await snapshot(t.db)).toEqual(before);
    return res;
  }

  async function mailsTo(to: string): Promise<Mail[]> {
    return t.db.query<Mail & Record<string, unknown>>('select purpose, mail_to, subject, text_body from outbox where lower(mail_to) = lower($1) order by created_at, outbox_id', [to]);
  }

  /** The link a mail carries, and its query. */
  function linkIn(mail: Mail): URL {
    const m = /https:\/\/\S+/.exec(mail.text_body);
    if (!m) throw new Error(`no link in ${mail.text_body}`);
    return new URL(m[0]);
  }

  async function openTicket(who: Actor, subject: string, extra: Record<string, unknown> = {}): Promise<string> {
    who.use();
    const res = await userSupportNew({ user_client_id: who.userId, shop_client_id: shop, subject, message: `${subject}: ayrıntılar`, ...extra });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.client_id;
  }

  describe('the shops a ticket can go to', () => {
    it("answers a visitor the site's active shops by name, and a signed-in caller also those they staff", async () => {
      await t.db.query("update shop set shop_status = 'passive' where shop_client_id = $1", [otherShop]);
      try {
        t.as({ query: { __lang__v: 1 } });
        const open = await supportShopList({});
        expect(open.status_code).toBe('10000');
        const names = open.shop_list.map((s) => s.shop_name);
        expect(names).toContain('Destek Mağazası');
        expect(names).not.toContain('Başka Mağaza');
        expect(open.shop_list.every((s) => s.is_staff === undefined)).toBe(true);
        expect(open.shop_list.some((s) => s.shop_client_id === SEED_SHOP_ID)).toBe(true);

        staff.use();
        const mine = await supportShopList({});
        expect(mine.shop_list.find((s) => s.shop_client_id === shop)).toEqual({ shop_client_id: shop, shop_name: 'Destek Mağazası', is_staff: true });
        expect(mine.shop_list.find((s) => s.shop_client_id === SEED_SHOP_ID)?.is_staff).toBe(false);
        otherOwner.use();
        expect((await supportShopList({})).shop_list.find((s) => s.shop_client_id === otherShop)).toMatchObject({ is_staff: true });
        clinicalAdmin.use();
        expect((await supportShopList({})).shop_list.map((s) => s.shop_client_id)).not.toContain(shop);
      } finally {
        await t.db.query("update shop set shop_status = 'active' where shop_client_id = $1", [otherShop]);
      }
    });
  });

  describe("a signed-in buyer's ticket", () => {
    let ticket: string;

    it('opens to a shop of the site: open, seen by its opener, named without ids, and the shop is mailed', async () => {
      buyer.use();
      const res = await userSupportNew({
        user_client_id: buyer.userId,
        shop_client_id: shop,
        subject: '  Havale yaptım,\n paket hâlâ pasif ',
        message: 'Dün akşam havaleyi yaptım.\nPaket hâlâ görünmüyor.',
        bundle_client_id: bundle,
      });
      expect(res.status_code, res.status_message).toBe('10000');
      expect(res.id).toMatch(/^\d+$/);
      ticket = res.client_id;
      const got = await userSupportGet({ user_client_id: buyer.userId, client_id: ticket });
      expect(got.status_code).toBe('10000');
      expect(got.support_ticket).toMatchObject({
        client_id: ticket,
        id: res.id,
        user_client_id: buyer.userId,
        username: 'support.buyer',
        shop_client_id: shop,
        shop_name: 'Destek Mağazası',
        bundle_client_id: bundle,
        bundle_name: 'Analytics Bundle',
        subject: 'Havale yaptım, paket hâlâ pasif',
        message: 'Dün akşam havaleyi yaptım.\nPaket hâlâ görünmüyor.',
        support_status: 'open',
        unseen_count: 0,
      });
      // The bundle by its name in the reader's language.
      buyer.use({ lang: 0 });
      expect((await userSupportGet({ user_client_id: buyer.userId, client_id: ticket })).support_ticket.bundle_name).toBe('Analiz Paketi');
      expect((await userSupportList({ user_client_id: buyer.userId })).support_ticket_list[0].bundle_name).toBe('Analiz Paketi');
      buyer.use();
      expect(got.support_ticket.user_seen_at).toBeDefined();
      expect(got.support_ticket.shop_seen_at).toBeUndefined();
      expect(got.support_comment_list).toEqual([]);
      const [notice] = await mailsTo('shop@example.com');
      expect(notice).toMatchObject({ purpose: 'support_shop' });
      expect(notice.subject).toContain('yeni destek talebi');
      expect(notice.text_body).toContain('support.buyer');
      expect(notice.text_body).toContain('> Dün akşam havaleyi yaptım.\n> Paket hâlâ görünmüyor.');
      expect(linkIn(notice).pathname).toBe('/kullanici-destek-talep-detaylari');
      expect(linkIn(notice).searchParams.get('client_id')).toBe(ticket);
      expect(await auditCount(t.db, 'user_support_new', '10000')).toBe(1);
      const [audit] = await t.db.query<{ entity: string; record_id: string }>("select entity, record_id::text from audit_record where route_name = 'user_support_new'");
      expect(audit).toEqual({ entity: 'support_ticket', record_id: ticket });
    });

    it("names the order it is about by its date and bundles, to the buyer and the staff, when the order is the buyer's in that shop", async () => {
      const tenantId = await tenantIdOf(t.db);
      const order = await insertOrder(t.db, { tenantId, shopId: shop, bundleId: bundle, userId: buyer.userId, orderDate: '2025-03-10T10:00:00Z' });
      const id = await openTicket(buyer, 'Sipariş hakkında', { order_client_id: order });
      const about = { order_client_id: order, order_date: '2025-03-10T10:00:00.000Z', order_bundle_name_list: ['Analytics Bundle'] };
      expect((await userSupportGet({ user_client_id: buyer.userId, client_id: id })).support_ticket).toMatchObject(about);
      expect((await userSupportList({ user_client_id: buyer.userId, search: 'Sipariş hakkında' })).support_ticket_list).toMatchObject([about]);
      // The staff read it too, the bundle in their language.
      staff.use({ lang: 0 });
      expect((await userSupportGet({ user_client_id: staff.userId, client_id: id })).support_ticket).toMatchObject({ ...about, order_bundle_name_list: ['Analiz Paketi'] });
      expect((await userSupportList({ user_client_id: staff.userId, scope: 'shop', search: 'Sipariş hakkında' })).support_ticket_list).toMatchObject([{ order_bundle_name_list: ['Analiz Paketi'] }]);
      // A ticket about no order names none.
      expect((await userSupportGet({ user_client_id: staff.userId, client_id: ticket })).support_ticket.order_bundle_name_list).toBeUndefined();

      // Someone else's order, the buyer's own order in another shop, or another shop's bundle is not one to write
      // about: refused as unknown, in the caller's language, writing nothing.
      const others = await insertOrder(t.db, { tenantId, shopId: shop, bundleId: bundle, userId: stranger.userId });
      const elsewhere = await insertOrder(t.db, { tenantId, shopId: otherShop, bundleId: otherBundle, userId: buyer.userId });
      buyer.use();
      const base = { user_client_id: buyer.userId, shop_client_id: shop, subject: 'x', message: 'y' };
      expect((await refusedUnchanged(() => userSupportNew({ ...base, order_client_id: others }), '10016')).status_message).toBe('There is no order with this id on this site.');
      await refusedUnchanged(() => userSupportNew({ ...base, order_client_id: elsewhere }), '10016');
      await refusedUnchanged(() => userSupportNew({ ...base, bundle_client_id: otherBundle }), '10016');
      buyer.use({ lang: 0 });
      expect((await refusedUnchanged(() => userSupportNew({ ...base, order_client_id: others }), '10016')).status_message).toBe('Bu sitede bu numarayla bir sipariş yok.');
      expect((await refusedUnchanged(() => userSupportNew({ ...base, bundle_client_id: otherBundle }), '10016')).status_message).toBe('Bu sitede bu numarayla bir paket yok.');
      buyer.use();
    });

    it('refuses an unknown shop, another site\'s shop, blank texts and another user\'s id, in the caller\'s language, writing nothing', async () => {
      buyer.use({ lang: 0 });
      const base = { user_client_id: buyer.userId, shop_client_id: shop, subject: 'Konu', message: 'Mesaj' };
      const unknown = await refusedUnchanged(() => userSupportNew({ ...base, shop_client_id: '00000000-0000-4000-8000-000000000000' }), '10016');
      expect(unknown.status_message).toBe('Bu sitede bu numarayla bir mağaza yok.');
      const clinicalShop = await openShop(clinicalAdmin, 'Klinik Mağaza');
      buyer.use({ lang: 0 });
      await refusedUnchanged(() => userSupportNew({ ...base, shop_client_id: clinicalShop }), '10016');
      const blank = await refusedUnchanged(() => userSupportNew({ ...base, subject: '  \n ' }), '10001');
      expect(blank).toMatchObject({ errors: [{ field: 'subject', message: 'boş olamaz' }] });
      await refusedUnchanged(() => userSupportNew({ ...base, message: '   ' }), '10001');
      const notMe = await refusedUnchanged(() => userSupportNew({ ...base, user_client_id: stranger.userId }), '10001');
      expect(notMe.status_message).toContain('kendi kullanıcı numaranız');
      await refusedUnchanged(() => userSupportNew({ ...base, subject: 'k'.repeat(201) }), '10001');
      await refusedUnchanged(() => userSupportNew({ user_client_id: buyer.userId, shop_client_id: shop, subject: 'Konu' } as never), '10002');
      t.as({ query: { __lang__v: 1 } });
      await refusedUnchanged(() => userSupportNew(base), '10008');
    });

    it("is the shop's too: its staff and admin read it as the shop, never seen yet; nobody else learns it exists", async () => {
      staff.use();
      const asStaff = await userSupportGet({ user_client_id: staff.userId, client_id: ticket });
      expect(asStaff.status_code).toBe('10000');
      expect(asStaff.support_ticket).toMatchObject({ username: 'support.buyer', unseen_count: 1 });
      admin.use();
      expect((await userSupportGet({ user_client_id: admin.userId, client_id: ticket })).support_ticket.unseen_count).toBe(1);

      for (const who of [stranger, otherOwner, shopAdminElsewhere]) {
        who.use({ lang: 0 });
        const get = await userSupportGet({ user_client_id: who.userId, client_id: ticket });
        expect(get.status_code, who.username).toBe('10016');
        expect(get.status_message).toBe('Bu sitede bu numarayla bir destek talebi yok.');
        expect(JSON.stringify(get)).not.toContain('Havale');
        await refusedUnchanged(() => userSupportComment({ user_client_id: who.userId, client_id: ticket, comment: 'Merhaba' }), '10016');
        await refusedUnchanged(() => userSupportTerminate({ user_client_id: who.userId, client_id: ticket }), '10016');
        await refusedUnchanged(() => userSupportLiveSeen({ user_client_id: who.userId, client_id: ticket }), '10016');
        const own = await userSupportList({ user_client_id: who.userId });
        expect(own.support_ticket_list.map((x) => x.client_id)).not.toContain(ticket);
        const asShop = await userSupportList({ user_client_id: who.userId, scope: 'shop' });
        expect(asShop.support_ticket_list.map((x) => x.client_id)).not.toContain(ticket);
      }
      // Another site's administrator, with the ticket's id, on their own site.
      clinicalAdmin.use();
      await refusedUnchanged(() => userSupportGet({ user_client_id: clinicalAdmin.userId, client_id: ticket }), '10016');
      await refusedUnchanged(() => userSupportComment({ user_client_id: clinicalAdmin.userId, client_id: ticket, comment: 'x' }), '10016');
    });

    it('carries comments both ways, with unseen counts and seen marks per side, and mails the buyer the answer', async () => {
      buyer.use();
      const asked = await userSupportComment({ user_client_id: buyer.userId, client_id: ticket, comment: '  Dekontu ekledim.  ' });
      expect(asked.status_code, asked.status_message).toBe('10000');
      expect(asked.support_comment).toMatchObject({ support_client_id: ticket, user_client_id: buyer.userId, username: 'support.buyer', by_shop: false, comment: 'Dekontu ekledim.' });
      expect((await mailsTo('shop@example.com')).at(-1)!.subject).toContain('destek talebine yeni mesaj');

      staff.use();
      const shopList = await userSupportList({ user_client_id: staff.userId, scope: 'shop' });
      expect(shopList.support_ticket_list.find((x) => x.client_id === ticket)?.unseen_count).toBe(2);
      const seen = await userSupportLiveSeen({ user_client_id: staff.userId, client_id: ticket });
      expect(seen).toMatchObject({ status_code: '10000', client_id: ticket, unseen_count: 0 });
      expect(Date.parse(seen.seen_at)).toBeGreaterThan(Date.now() - 60_000);
      expect((await userSupportGet({ user_client_id: staff.userId, client_id: ticket })).support_ticket).toMatchObject({ unseen_count: 0, shop_seen_at: seen.seen_at });

      const answer = await userSupportComment({ user_client_id: staff.userId, client_id: ticket, comment: 'Ödemeniz ulaştı, <b>paketiniz</b> etkin.' });
      expect(answer.support_comment).toMatchObject({ by_shop: true, username: 'support.staff', comment: 'Ödemeniz ulaştı, <b>paketiniz</b> etkin.' });
      const reply = (await mailsTo(BUYER_MAIL)).at(-1)!;
      expect(reply).toMatchObject({ purpose: 'support_reply' });
      expect(reply.text_body).toContain('Merhaba Ayşe,');
      expect(reply.text_body).toContain('> Ödemeniz ulaştı, <b>paketiniz</b> etkin.');
      expect(linkIn(reply).pathname).toBe('/kullanici-destek-talep-detaylari');

      buyer.use();
      const mine = await userSupportList({ user_client_id: buyer.userId });
      expect(mine.support_ticket_list.find((x) => x.client_id === ticket)).toMatchObject({ unseen_count: 1, support_status: 'open' });
      const got = await userSupportGet({ user_client_id: buyer.userId, client_id: ticket });
      expect(got.support_comment_list.map((c) => [c.by_shop, c.comment])).toEqual([
        [false, 'Dekontu ekledim.'],
        [true, 'Ödemeniz ulaştı, <b>paketiniz</b> etkin.'],
      ]);
      // The buyer's seen mark is older than the answer until they mark it.
      expect(Date.parse(got.support_ticket.user_seen_at!)).toBeLessThan(Date.parse(got.support_comment_list[1].created_at!));
      expect((await userSupportLiveSeen({ user_client_id: buyer.userId, client_id: ticket })).unseen_count).toBe(0);
      expect((await userSupportGet({ user_client_id: buyer.userId, client_id: ticket })).support_ticket.unseen_count).toBe(0);
      expect(await auditCount(t.db, 'user_support_comment', '10000')).toBe(2);
    });

    it('mails no answer to a buyer who switched mails about their requests off', async () => {
      const id = await openTicket(quietBuyer, 'Sessiz talep');
      staff.use();
      expect((await userSupportComment({ user_client_id: staff.userId, client_id: id, comment: 'Yanıt' })).status_code).toBe('10000');
      expect(await mailsTo('quiet@example.com')).toEqual([]);
    });

    it('is closed by the shop (the buyer is mailed) and then takes no comment; closing again changes nothing', async () => {
      owner.use();
      const closed = await userSupportTerminate({ user_client_id: owner.userId, client_id: ticket });
      expect(closed).toMatchObject({ status_code: '10000', client_id: ticket, support_status: 'terminated' });
      buyer.use();
      const got = await userSupportGet({ user_client_id: buyer.userId, client_id: ticket });
      expect(got.support_ticket).toMatchObject({ support_status: 'terminated', terminated_by_shop: true });
      expect(got.support_ticket.terminated_at).toBeDefined();
      expect((await mailsTo(BUYER_MAIL)).at(-1)).toMatchObject({ purpose: 'support_closed' });

      buyer.use({ lang: 0 });
      const tr = await refusedUnchanged(() => userSupportComment({ user_client_id: buyer.userId, client_id: ticket, comment: 'Bir şey daha' }), '12040');
      expect(tr.status_message).toBe('Bu destek talebi kapatıldı; artık mesaj alamaz. Hâlâ yardıma ihtiyacınız varsa lütfen yeni bir talep açın.');
      staff.use({ lang: 1 });
      const en = await refusedUnchanged(() => userSupportComment({ user_client_id: staff.userId, client_id: ticket, comment: 'One more' }), '12040');
      expect(en.status_message).toBe('This support request is closed and takes no more messages. If you still need help, please open a new request.');
      const again = await refusedUnchanged(() => userSupportTerminate({ user_client_id: staff.userId, client_id: ticket }), '10000');
      expect(again).toMatchObject({ client_id: ticket, support_status: 'terminated' });
      // Seen marks still work on a closed ticket.
      expect((await userSupportLiveSeen({ user_client_id: staff.userId, client_id: ticket })).status_code).toBe('10000');
    });

    it('is closed by its opener without a mail to them', async () => {
      const id = await openTicket(buyer, 'Vazgeçtim');
      const before = (await mailsTo(BUYER_MAIL)).length;
      buyer.use();
      expect((await userSupportTerminate({ user_client_id: buyer.userId, client_id: id })).status_code).toBe('10000');
      expect((await userSupportGet({ user_client_id: buyer.userId, client_id: id })).support_ticket).toMatchObject({ support_status: 'terminated', terminated_by_shop: false });
      expect(await mailsTo(BUYER_MAIL)).toHaveLength(before);
    });
  });

  describe('lists', () => {
    let mine: string[];
    let others: string;

    beforeAll(async () => {
      mine = [await openTicket(stranger, 'Fatura adresi'), await openTicket(stranger, 'Kurulum sorusu')];
      otherOwner.use();
      const res = await userSupportNew({ user_client_id: otherOwner.userId, shop_client_id: otherShop, subject: 'Başka mağazaya', message: 'Merhaba' });
      others = res.client_id;
    });

    it("answer a caller their own tickets, last activity first, filtered, searched and paged", async () => {
      stranger.use();
      const own = await userSupportList({ user_client_id: stranger.userId });
      expect(own.status_code).toBe('10000');
      expect(own.support_ticket_list.map((x) => x.client_id)).toEqual([mine[1], mine[0]]);
      expect(own).toMatchObject({ total: 2, page: 1, page_size: 20 });
      expect(own.support_ticket_list[0]).toMatchObject({ shop_name: 'Destek Mağazası', support_status: 'open', unseen_count: 0 });
      expect((await userSupportList({ user_client_id: stranger.userId, search: 'fatura' })).support_ticket_list.map((x) => x.client_id)).toEqual([mine[0]]);
      expect((await userSupportList({ user_client_id: stranger.userId, sort: 'created_at' })).support_ticket_list.map((x) => x.client_id)).toEqual(mine);
      const paged = await userSupportList({ user_client_id: stranger.userId, page: 2, page_size: 1 });
      expect(paged).toMatchObject({ total: 2, page: 2 });
      expect(paged.support_ticket_list.map((x) => x.client_id)).toEqual([mine[0]]);
      expect((await userSupportList({ user_client_id: stranger.userId, page: 5, page_size: 1 })).total).toBe(2);
      expect((await userSupportList({ user_client_id: stranger.userId, support_status: 'terminated' })).total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await userSupportList({ user_client_id: stranger.userId, created_date_from: today, created_date_to: today })).total).toBe(2);
      expect((await userSupportList({ user_client_id: stranger.userId, created_date_to: '2020-01-01' })).total).toBe(0);
      // Commenting moves a ticket up.
      await userSupportComment({ user_client_id: stranger.userId, client_id: mine[0], comment: 'Güncelleme' });
      expect((await userSupportList({ user_client_id: stranger.userId })).support_ticket_list[0].client_id).toBe(mine[0]);
    });

    it("answer the staff their shops' tickets (one shop, or all), and admin every shop's; closed ones by their date", async () => {
      staff.use();
      const all = await userSupportList({ user_client_id: staff.userId, scope: 'shop' });
      const ids = all.support_ticket_list.map((x) => x.client_id);
      expect(ids).toEqual(expect.arrayContaining(mine));
      expect(ids).not.toContain(others);
      expect(all.support_ticket_list.every((x) => x.shop_client_id === shop)).toBe(true);
      expect((await userSupportList({ user_client_id: staff.userId, shop_client_id: shop })).total).toBe(all.total);
      // A shop the caller does not staff: as if it did not exist.
      await refusedUnchanged(() => userSupportList({ user_client_id: staff.userId, shop_client_id: otherShop }), '10016');
      // Their own tickets (none) stay apart from the shop's.
      expect((await userSupportList({ user_client_id: staff.userId })).total).toBe(0);
      admin.use();
      const everything = await userSupportList({ user_client_id: admin.userId, scope: 'shop', page_size: 100 });
      expect(everything.support_ticket_list.map((x) => x.client_id)).toEqual(expect.arrayContaining([...mine, others]));
      expect((await userSupportList({ user_client_id: admin.userId, shop_client_id: otherShop })).support_ticket_list.map((x) => x.client_id)).toEqual([others]);
      const today = new Date().toISOString().slice(0, 10);
      const closed = await userSupportList({ user_client_id: admin.userId, scope: 'shop', support_status: 'terminated', termination_date_from: today, page_size: 100 });
      expect(closed.total).toBeGreaterThanOrEqual(2);
      expect(closed.support_ticket_list.every((x) => x.support_status === 'terminated')).toBe(true);
      expect((await userSupportList({ user_client_id: admin.userId, scope: 'shop', termination_date_to: '2020-01-01' })).total).toBe(0);
    });
  });

  describe('a ticket opened by mail, without an account', () => {
    let ticket: string;
    let token: string;
    const visitor = () => callFrom(t.app, { ip: newIp() });

    it('waits for the confirmation its mail asks for, out of the staff\'s sight', async () => {
      visitor();
      const res = await mailSupportNew({ mail: VISITOR_MAIL, fullname: 'Maria Lopez', shop_client_id: shop, subject: 'Invoice address', message: 'Please bill our company.', active_lang: 1 });
      expect(res.status_code, res.status_message).toBe('10000');
      ticket = res.client_id;
      const [confirm] = await mailsTo(VISITOR_MAIL);
      expect(confirm).toMatchObject({ purpose: 'support_confirm', mail_to: VISITOR_MAIL });
      expect(confirm.text_body).toContain('Hello Maria Lopez,');
      const link = linkIn(confirm);
      expect(link.origin + link.pathname).toBe('https://localhost/support-request');
      expect(link.searchParams.get('client_id')).toBe(ticket);
      expect(link.searchParams.get('mail')).toBe(VISITOR_MAIL);
      token = link.searchParams.get('token')!;
      expect(token.length).toBeGreaterThan(30);
      // Only the token's hash is kept.
      expect(JSON.stringify(await t.db.query('select token_hash from support_mail_token'))).not.toContain(token);

      const got = await mailSupportGet({ client_id: ticket, mail: VISITOR_MAIL, mail_support_token: token });
      expect(got.support_ticket).toMatchObject({ support_status: 'pending', mail: VISITOR_MAIL, fullname: 'Maria Lopez', shop_name: 'Destek Mağazası' });
      expect(got.support_ticket.user_client_id).toBeUndefined();
      await refusedUnchanged(() => mailSupportComment({ client_id: ticket, mail: VISITOR_MAIL, mail_support_token: token, comment: 'Hello?' }), '12041');

      staff.use();
      expect((await userSupportList({ user_client_id: staff.userId, scope: 'shop', page_size: 100 })).support_ticket_list.map((x) => x.client_id)).not.toContain(ticket);
      await refusedUnchanged(() => userSupportGet({ user_client_id: staff.userId, client_id: ticket }), '10016');
      await refusedUnchanged(() => userSupportComment({ user_client_id: staff.userId, client_id: ticket, comment: 'x' }), '10016');
    });

    it('is recorded by its link (the shop is mailed once; again is harmless) and then reaches the staff', async () => {
      visitor();
      const shopMails = (await mailsTo('shop@example.com')).length;
      const recorded = await mailSupportRecord({ client_id: ticket, mail: VISITOR_MAIL.toLowerCase(), mail_support_token: token });
      expect(recorded).toMatchObject({ status_code: '10000', client_id: ticket, support_status: 'open' });
      expect(recorded.id).toMatch(/^\d+$/);
      expect(await mailsTo('shop@example.com')).toHaveLength(shopMails + 1);
      expect((await mailsTo('shop@example.com')).at(-1)!.text_body).toContain('Maria Lopez <Maria.Lopez@Example.org>');
      const again = await refusedUnchanged(() => mailSupportRecord({ client_id: ticket, mail: VISITOR_MAIL, mail_support_token: token }), '10000');
      expect(again).toMatchObject({ support_status: 'open', id: recorded.id });

      staff.use();
      const got = await userSupportGet({ user_client_id: staff.userId, client_id: ticket });
      expect(got.support_ticket).toMatchObject({ mail: VISITOR_MAIL, fullname: 'Maria Lopez', support_status: 'open', unseen_count: 1 });
    });

    it("goes both ways: the shop's answer mails a new link, both links work, the visitor's seen mark and comments count", async () => {
      staff.use();
      expect((await userSupportComment({ user_client_id: staff.userId, client_id: ticket, comment: 'We will, what is the address?' })).status_code).toBe('10000');
      const reply = (await mailsTo(VISITOR_MAIL)).at(-1)!;
      expect(reply).toMatchObject({ purpose: 'support_reply' });
      expect(reply.text_body).toContain('> We will, what is the address?');
      const newToken = linkIn(reply).searchParams.get('token')!;
      expect(newToken).not.toBe(token);

      visitor();
      const cred = { client_id: ticket, mail: VISITOR_MAIL, mail_support_token: newToken };
      const got = await mailSupportGet(cred);
      expect(got.support_ticket.unseen_count).toBe(1);
      expect(got.support_comment_list).toMatchObject([{ by_shop: true, username: 'support.staff', comment: 'We will, what is the address?' }]);
      expect(await mailSupportLiveSeen({ ...cred, mail_support_token: token })).toMatchObject({ status_code: '10000', client_id: ticket, unseen_count: 0 });
      const written = await mailSupportComment({ ...cred, comment: 'Example Ltd., Main St 1' });
      expect(written.support_comment).toMatchObject({ by_shop: false, comment: 'Example Ltd., Main St 1', support_client_id: ticket });
      expect(written.support_comment.user_client_id).toBeUndefined();
      expect((await mailsTo('shop@example.com')).at(-1)!.subject).toContain('destek talebine yeni mesaj');
      staff.use();
      expect((await userSupportGet({ user_client_id: staff.userId, client_id: ticket })).support_ticket.unseen_count).toBe(1);
    });

    it("lists the address's tickets only, and refuses a bad, foreign or expired token and another address's ticket", async () => {
      visitor();
      const other = await mailSupportNew({ mail: 'someone.else@example.org', fullname: 'Someone Else', shop_client_id: shop, subject: 'Other', message: 'Other message' });
      const otherToken = linkIn((await mailsTo('someone.else@example.org'))[0]).searchParams.get('token')!;
      const list = await mailSupportList({ mail: VISITOR_MAIL.toUpperCase(), mail_support_token: token });
      expect(list.status_code).toBe('10000');
      expect(list.support_ticket_list.map((x) => x.client_id)).toEqual([ticket]);

      callFrom(t.app, { ip: newIp(), lang: 0 });
      const bad = await refusedUnchanged(() => mailSupportGet({ client_id: ticket, mail: VISITOR_MAIL, mail_support_token: 'not-the-token' }), '12042');
      expect(bad.status_message).toBe(
        'Bu destek bağlantısı geçerli değil ya da süresi dolmuş. Lütfen talebinizle ilgili en son e-postadaki bağlantıyı kullanın ya da yeni bir talep açın.',
      );
      // A real token, of another address.
      await refusedUnchanged(() => mailSupportGet({ client_id: ticket, mail: VISITOR_MAIL, mail_support_token: otherToken }), '12042');
      await refusedUnchanged(() => mailSupportList({ mail: VISITOR_MAIL, mail_support_token: otherToken }), '12042');
      // The right address and token, another address's ticket.
      await refusedUnchanged(() => mailSupportGet({ client_id: other.client_id, mail: VISITOR_MAIL, mail_support_token: token }), '10016');
      await refusedUnchanged(() => mailSupportRecord({ client_id: other.client_id, mail: VISITOR_MAIL, mail_support_token: token }), '10016');
      await refusedUnchanged(() => mailSupportComment({ client_id: other.client_id, mail: VISITOR_MAIL, mail_support_token: token, comment: 'x' }), '10016');
      await refusedUnchanged(() => mailSupportTerminate({ client_id: other.client_id, mail: VISITOR_MAIL, mail_support_token: token }), '10016');
      // A signed-in ticket is no visitor's, whatever the address.
      const signedInTicket = await openTicket(buyer, 'Hesaplı talep');
      callFrom(t.app, { ip: newIp() });
      await refusedUnchanged(() => mailSupportGet({ client_id: signedInTicket, mail: BUYER_MAIL, mail_support_token: token }), '12042');
      // The same token on another site.
      callFrom(t.app, { ip: newIp(), host: 'clinical.localhost' });
      await refusedUnchanged(() => mailSupportGet({ client_id: ticket, mail: VISITOR_MAIL, mail_support_token: token }), '12042');
      // Expired.
      callFrom(t.app, { ip: newIp() });
      await t.db.query("update support_mail_token set expires_at = now() - interval '1 second' where mail_key = 'someone.else@example.org'");
      await refusedUnchanged(() => mailSupportRecord({ client_id: other.client_id, mail: 'someone.else@example.org', mail_support_token: otherToken }), '12042');
      await refusedUnchanged(() => mailSupportLiveSeen({ client_id: other.client_id, mail: 'someone.else@example.org', mail_support_token: otherToken }), '12042');
    });

    it('is closed by the visitor and then takes no comment', async () => {
      visitor();
      const cred = { client_id: ticket, mail: VISITOR_MAIL, mail_support_token: token };
      expect(await mailSupportTerminate(cred)).toMatchObject({ status_code: '10000', support_status: 'terminated' });
      expect((await mailSupportGet(cred)).support_ticket).toMatchObject({ support_status: 'terminated', terminated_by_shop: false });
      await refusedUnchanged(() => mailSupportComment({ ...cred, comment: 'Thanks' }), '12040');
      staff.use();
      await refusedUnchanged(() => userSupportComment({ user_client_id: staff.userId, client_id: ticket, comment: 'x' }), '12040');
    });

    it('refuses an unknown shop and blank texts before mailing anyone', async () => {
      callFrom(t.app, { ip: newIp(), lang: 0 });
      const base = { mail: 'new.visitor@example.org', fullname: 'Yeni Ziyaretçi', shop_client_id: shop, subject: 'Konu', message: 'Mesaj' };
      await refusedUnchanged(() => mailSupportNew({ ...base, shop_client_id: '00000000-0000-4000-8000-000000000000' }), '10016');
      await refusedUnchanged(() => mailSupportNew({ ...base, bundle_client_id: otherBundle }), '10016');
      expect(await refusedUnchanged(() => mailSupportNew({ ...base, fullname: '  ' }), '10001')).toMatchObject({ errors: [{ field: 'fullname' }] });
      // The spec's own message for a malformed address (section 5), in the caller's language.
      expect((await refusedUnchanged(() => mailSupportNew({ ...base, mail: 'not-a-mail' }), '11006')).status_message).toMatch(/^Lütfen geçerli bir e-posta/);
      expect(await mailsTo('new.visitor@example.org')).toEqual([]);
    });

    it('is rate-limited per mail address and per caller address', async () => {
      const base = { fullname: 'Flood', shop_client_id: shop, subject: 'Again', message: 'Again' };
      for (let i = 0; i < 5; i++) {
        callFrom(t.app, { ip: newIp() });
        expect((await mailSupportNew({ ...base, mail: 'flooded@example.org' })).status_code).toBe('10000');
      }
      callFrom(t.app, { ip: newIp(), lang: 0 });
      const limited = await refusedUnchanged(() => mailSupportNew({ ...base, mail: 'FLOODED@example.org' }), '10011');
      expect(limited.status_message).toMatch(/^Çok fazla istek/);
      expect(await mailsTo('flooded@example.org')).toHaveLength(5);

      const ip = newIp();
      callFrom(t.app, { ip });
      for (let i = 0; i < 20; i++) expect((await mailSupportNew({ ...base, mail: `many${i}@example.org` })).status_code).toBe('10000');
      await refusedUnchanged(() => mailSupportNew({ ...base, mail: 'many.more@example.org' }), '10011');
      callFrom(t.app, { ip: newIp() });
      expect((await mailSupportNew({ ...base, mail: 'many.more@example.org' })).status_code).toBe('10000');
    });
  });

  describe(`a ticket opened by mail and not confirmed within ${SUPPORT_PENDING_DAYS} days`, () => {
    const MAIL = 'forgetful@example.org';
    const OTHER = 'forgetful.too@example.org';

    /** A visitor's ticket from `mail` (from a new caller address); answers its id and the token of its mail. */
    async function mailTicket(mail: string, subject: string): Promise<{ id: string; token: string }> {
      callFrom(t.app, { ip: newIp() });
      const res = await mailSupportNew({ mail, fullname: 'Forgetful Visitor', shop_client_id: shop, subject, message: `${subject}: details` });
      expect(res.status_code, res.status_message).toBe('10000');
      const token = linkIn((await mailsTo(mail)).at(-1)!).searchParams.get('token')!;
      return { id: res.client_id, token };
    }
    const openedDaysAgo = (id: string, days: number) => t.db.query("update support_ticket set created_at = now() - make_interval(days => $2, mins => 1) where client_id = $1", [id, days]);
    const exists = async (id: string) => (await t.db.query('select 1 from support_ticket where client_id = $1', [id])).length === 1;

    it("is out of reach once it is too old, and deleted when the address writes again; a recent or a confirmed one stays", async () => {
      const stale = await mailTicket(MAIL, 'Never confirmed');
      const recent = await mailTicket(MAIL, 'Confirmed tomorrow');
      const confirmed = await mailTicket(MAIL, 'Confirmed at once');
      const closed = await mailTicket(MAIL, 'Closed while waiting');
      const cred = (x: { id: string; token: string }) => ({ client_id: x.id, mail: MAIL, mail_support_token: x.token });
      expect((await mailSupportRecord(cred(confirmed))).support_status).toBe('open');
      expect((await mailSupportTerminate(cred(closed))).support_status).toBe('terminated');
      await openedDaysAgo(stale.id, SUPPORT_PENDING_DAYS);
      await openedDaysAgo(recent.id, SUPPORT_PENDING_DAYS - 1);
      await openedDaysAgo(confirmed.id, SUPPORT_PENDING_DAYS + 30);
      await openedDaysAgo(closed.id, SUPPORT_PENDING_DAYS + 30);

      // Too old to confirm, even before anything deletes it: as if it did not exist.
      await refusedUnchanged(() => mailSupportGet(cred(stale)), '10016');
      await refusedUnchanged(() => mailSupportRecord(cred(stale)), '10016');
      expect((await mailSupportList({ mail: MAIL, mail_support_token: stale.token })).support_ticket_list.map((x) => x.subject).sort()).toEqual([
        'Closed while waiting',
        'Confirmed at once',
        'Confirmed tomorrow',
      ]);
      expect(await exists(stale.id)).toBe(true);

      // The address writes again: its stale request goes; the others stay and still work.
      const expiredToken = await t.db.query<{ token_hash: string }>("update support_mail_token set expires_at = now() - interval '1 day' where token_hash = (select token_hash from support_mail_token where mail_key = $1 order by created_at limit 1) returning token_hash", [MAIL]);
      await mailTicket(MAIL, 'Trying again');
      expect(await exists(stale.id)).toBe(false);
      expect(await t.db.query('select 1 from support_mail_token where token_hash = $1', [expiredToken[0].token_hash])).toEqual([]);
      for (const kept of [recent, confirmed, closed]) expect(await exists(kept.id)).toBe(true);
      expect((await mailSupportRecord(cred(recent))).support_status).toBe('open');
      expect((await mailSupportGet(cred(confirmed))).support_ticket.support_status).toBe('open');
    });

    it("is deleted at start-up whatever its address", async () => {
      const stale = await mailTicket(OTHER, 'Forgotten');
      const recent = await mailTicket(OTHER, 'Still waiting');
      await openedDaysAgo(stale.id, SUPPORT_PENDING_DAYS + 1);
      // Another address writing leaves this address's requests alone.
      await mailTicket('someone.writes@example.org', 'Someone else writes');
      expect(await exists(stale.id)).toBe(true);

      expect(await deleteStalePending(t.db)).toBe(1);
      expect(await exists(stale.id)).toBe(false);
      expect(await exists(recent.id)).toBe(true);
      expect(await deleteStalePending(t.db)).toBe(0);
    });
  });
});
