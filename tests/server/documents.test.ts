// Documents (issue 13) against PGlite and PostgreSQL: uploads checked by content (the 2 MB picture and 10 MB
// document limits, a disallowed extension, an executable renamed .pdf, an HTML page renamed .png, an SVG),
// the detected type stored, who reaches each route (owner, a user it is shared with, another user, another
// site), the raw file's headers, and the clinical document fetch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalDocumentFetch, documentDelete, documentGet, documentList, documentRecord, documentShare } from '../../src/generated/client/index.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, snapshot, type Actor } from './support/actors.ts';
import { dataUrl, EXE, HTML, padded, PDF, PNG_1PX, SVG } from './support/sample-files.ts';

const MB = 1024 * 1024;

describe.each(databaseKinds('depends-on-database'))('documents on %s', (kind) => {
  let t: TestApp;
  let owner: Actor;
  let friend: Actor;
  let stranger: Actor;
  let elsewhere: Actor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await actor(t, 'belge.sahibi');
    friend = await actor(t, 'belge.dostu');
    stranger = await actor(t, 'belge.yabanci');
    elsewhere = await actor(t, 'belge.sahibi', { domain: 'clinical.localhost' });
  });
  afterAll(() => t.close());

  async function upload(name: string, bytes: Buffer, by: Actor = owner, type?: string) {
    by.use();
    const res = await documentRecord({ document_name: name, doc: dataUrl(bytes, type) });
    expect(res.status_code, res.status_message).toBe('10000');
    return res.document;
  }

  /** The raw-file answer of GET /document/get?as_file=true, as a browser downloads it. */
  const rawFile = (id: string, by?: Actor, host = 'localhost') =>
    t.app.inject({
      method: 'GET',
      url: '/v1/document/get',
      query: { document_client_id: id, as_file: 'true' },
      headers: { host, ...(by ? { authorization: by.authorization } : {}) },
    });

  it("refuses each file the rules do not admit, in the caller's language, and stores nothing", async () => {
    const before = await snapshot(t.db);
    const cases: [string, Buffer, string][] = [
      ['buyuk.png', padded(PNG_1PX, 2 * MB + 1), '13005'],
      ['buyuk.pdf', padded(PDF, 10 * MB + 1), '13005'],
      ['setup.exe', EXE, '13004'],
      ['resim.svg', SVG, '13004'],
      ['fatura.pdf', EXE, '14012'],
      ['foto.png', HTML, '14012'],
      ['not.txt', SVG, '14012'],
      ['veri.csv', Buffer.from([0x61, 0x00, 0x62]), '14012'],
    ];
    for (const [name, bytes, code] of cases) {
      owner.use({ lang: 0 });
      const res = await documentRecord({ document_name: name, doc: dataUrl(bytes) });
      expect(res.status_code, name).toBe(code);
      expect(res.status_code.endsWith('000')).toBe(false);
    }
    owner.use({ lang: 0 });
    expect((await documentRecord({ document_name: 'fatura.pdf', doc: dataUrl(EXE) })).status_message).toBe('Uygun olmayan dosya türü');
    owner.use({ lang: 1 });
    expect((await documentRecord({ document_name: 'big.png', doc: dataUrl(padded(PNG_1PX, 2 * MB + 1)) })).status_message).toBe('File size is not eligible');
    expect((await documentRecord({ document_name: 'x.exe', doc: dataUrl(EXE) })).status_message).toBe('File extension type is not eligible');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("admits a picture up to 2 MB and a document up to 10 MB, and stores the detected type, not the browser's", async () => {
    const picture = await upload('tam-2mb.png', padded(PNG_1PX, 2 * MB), owner, 'application/pdf');
    expect(picture).toMatchObject({ file_type: 'png', content_type: 'image/png', size_bytes: 2 * MB, own: true, public: false });
    const jpegName = await upload('notlar.csv', Buffer.from('ad;soyad\nAyşe;Yılmaz\n'), owner, 'text/html');
    expect(jpegName).toMatchObject({ file_type: 'csv', content_type: 'text/csv' });
    const big = await upload('rapor.pdf', padded(PDF, 10 * MB));
    expect(big).toMatchObject({ file_type: 'pdf', content_type: 'application/pdf', size_bytes: 10 * MB });
  });

  it('lets the owner and the users it is shared with read; others, visitors and other sites get "no such document"', async () => {
    const doc = await upload('ozel.pdf', PDF);
    const id = doc.document_client_id;
    for (const who of [stranger, friend]) {
      who.use();
      expect((await documentGet({ document_client_id: id })).status_code).toBe('10016');
      expect((await documentList({})).document_list.map((d) => d.document_client_id)).not.toContain(id);
    }
    t.as();
    expect((await documentGet({ document_client_id: id })).status_code).toBe('10016');
    elsewhere.use();
    expect((await documentGet({ document_client_id: id })).status_code).toBe('10016');
    expect((await rawFile(id)).statusCode).toBe(404);

    owner.use();
    const shared = await documentShare({ document_client_id: id, user_client_id: friend.userId, share: true });
    expect(shared.document.shared_user_list).toEqual([{ user_client_id: friend.userId, username: friend.username }]);
    friend.use();
    const got = await documentGet({ document_client_id: id });
    expect(got).toMatchObject({ status_code: '10000', document: { own: false, owner_username: owner.username }, doc: dataUrl(PDF, 'application/pdf') });
    expect(got.document.shared_user_list).toBeUndefined();
    expect((await documentList({ scope: 'shared' })).document_list.map((d) => d.document_client_id)).toEqual([id]);
    expect((await documentList({ scope: 'own' })).document_list).toEqual([]);
    expect((await rawFile(id, friend)).statusCode).toBe(200);
    stranger.use();
    expect((await documentGet({ document_client_id: id })).status_code).toBe('10016');

    // Only the owner renames, shares and deletes; the shared user cannot, and their attempts change nothing.
    const before = await snapshot(t.db);
    friend.use();
    expect((await documentRecord({ document_client_id: id, document_name: 'benim.pdf' })).status_code).toBe('10016');
    expect((await documentShare({ document_client_id: id, user_client_id: stranger.userId, share: true })).status_code).toBe('10016');
    expect((await documentDelete({ document_client_id: id })).status_code).toBe('10016');
    elsewhere.use();
    expect((await documentDelete({ document_client_id: id })).status_code).toBe('10016');
    owner.use();
    expect((await documentShare({ document_client_id: id, user_client_id: owner.userId, share: true })).status_code).toBe('13040');
    expect((await documentShare({ document_client_id: id, user_client_id: elsewhere.userId, share: true })).status_code).toBe('10016');
    expect(await snapshot(t.db)).toEqual(before);

    // Stopping the share ends the friend's reading at once.
    owner.use();
    expect((await documentShare({ document_client_id: id, user_client_id: friend.userId, share: false })).document.shared_user_list).toEqual([]);
    friend.use();
    expect((await documentGet({ document_client_id: id })).status_code).toBe('10016');
  });

  it('renames and replaces the file (checked again), makes it public for readers by id, and deletes it', async () => {
    const doc = await upload('logo.png', PNG_1PX);
    const id = doc.document_client_id;
    owner.use();
    const renamed = await documentRecord({ document_client_id: id, document_name: 'Şirket logosu', public: true });
    expect(renamed.document).toMatchObject({ document_name: 'Şirket logosu', public: true, file_type: 'png' });
    // Public: a visitor reads it by its id, an <img> too.
    t.as();
    expect((await documentGet({ document_client_id: id })).status_code).toBe('10000');
    const picture = await rawFile(id);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-disposition']).toBe(`inline; filename="_irket logosu.png"; filename*=UTF-8''${encodeURIComponent('Şirket logosu.png')}`);
    expect(picture.rawPayload.equals(PNG_1PX)).toBe(true);

    owner.use();
    expect((await documentRecord({ document_client_id: id, document_name: 'logo.png', doc: dataUrl(HTML) })).status_code).toBe('14012');
    const replaced = await documentRecord({ document_client_id: id, document_name: 'sozlesme.pdf', doc: dataUrl(PDF) });
    expect(replaced.document).toMatchObject({ file_type: 'pdf', content_type: 'application/pdf', size_bytes: PDF.length });
    expect(replaced.document.key).not.toBe(doc.key);
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int as n from document_content where storage_key like $1', [`%/${id}/%`]);
    expect(n).toBe(1);

    const deleted = await documentDelete({ document_client_id: id });
    expect(deleted).toMatchObject({ status_code: '10000', document_delete: true });
    expect((await documentGet({ document_client_id: id })).status_code).toBe('10016');
    expect((await documentList({})).document_list.map((d) => d.document_client_id)).not.toContain(id);
  });

  it('serves a document as a download that a browser cannot run', async () => {
    const doc = await upload('Özet raporu.pdf', PDF);
    const res = await rawFile(doc.document_client_id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="_zet raporu.pdf"; filename*=UTF-8''${encodeURIComponent('Özet raporu.pdf')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const quoted = await upload("Ali'nin (son) raporu.pdf", PDF);
    expect((await rawFile(quoted.document_client_id, owner)).headers['content-disposition']).toBe(
      `attachment; filename="Ali'nin (son) raporu.pdf"; filename*=UTF-8''Ali%27nin%20%28son%29%20raporu.pdf`,
    );
    const text = await upload('liste.txt', Buffer.from('bir\niki\n'));
    const plain = await rawFile(text.document_client_id, owner);
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it("answers bad input with the envelope and the spec's words, never a 500", async () => {
    owner.use();
    expect(await documentRecord({ document_name: 'yeni.pdf' })).toMatchObject({ status_code: '10002', http_status: 400 });
    expect(await documentRecord({ document_name: 'x.pdf', doc: 'bu bir dosya değil' })).toMatchObject({ status_code: '13002' });
    expect(await documentRecord({ document_name: 'x.pdf', doc: `data:application/pdf;base64,${'A'.repeat(14_000_001)}` })).toMatchObject({ status_code: '13005' });
    expect(await documentGet({ document_client_id: 'yok' })).toMatchObject({ http_status: 400 });
    expect((await documentShare({ document_client_id: '11111111-1111-4111-8111-111111111111', user_client_id: friend.userId, share: true })).status_code).toBe('10016');
  });

  it('pages, filters and searches the list on the server', async () => {
    const mine = await actor(t, 'liste.sahibi');
    for (const name of ['a-rapor.pdf', 'b-rapor.pdf', 'c-resim.png']) await upload(name, name.endsWith('png') ? PNG_1PX : PDF, mine);
    mine.use();
    const first = await documentList({ sort: 'document_name', page_size: 2 });
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.document_list.map((d) => d.document_name)).toEqual(['a-rapor.pdf', 'b-rapor.pdf']);
    expect((await documentList({ file_type: 'png' })).document_list.map((d) => d.document_name)).toEqual(['c-resim.png']);
    expect((await documentList({ search: 'B-RAP' })).document_list.map((d) => d.document_name)).toEqual(['b-rapor.pdf']);
    expect((await documentList({ page_size: 1000 } as never)).status_code).not.toBe('10000');
  });

  it("fetches a clinical document by bucket and key: owner and shared users, the hospital's clinical staff, no one else", async () => {
    const nurse = await actor(t, 'hemsire.ayse', { domain: 'clinical.localhost', authCodes: ['nurse'] });
    const doctor = await actor(t, 'dr.kaan', { domain: 'clinical.localhost', authCodes: ['doctor'] });
    const clerk = await actor(t, 'katip.ali', { domain: 'clinical.localhost' });
    const doc = await upload('epikriz.pdf', PDF, nurse);
    const where = { bucket: doc.bucket!, key: doc.key! };
    for (const who of [nurse, doctor]) {
      who.use();
      const res = await clinicalDocumentFetch(where);
      expect(res).toMatchObject({ status_code: '10000', result: { file_name: 'epikriz.pdf', content_type: 'application/pdf', content_base64: PDF.toString('base64') } });
    }
    // Every fetch is audited with the document it read (patient data).
    const audited = await t.db.query<{ username: string; record_id: string }>(
      "select username, record_id from audit_record where route_name = 'clinical_document_fetch' and status_code = '10000' order by occurred_at",
    );
    expect(audited).toEqual([
      { username: nurse.username, record_id: doc.document_client_id },
      { username: doctor.username, record_id: doc.document_client_id },
    ]);
    clerk.use();
    expect((await clinicalDocumentFetch(where)).status_code).toBe('10016');
    // The shop site's doctor code reads nothing of the hospital: the key is another site's.
    const shopDoctor = await actor(t, 'dr.magaza', { authCodes: ['doctor'] });
    shopDoctor.use();
    expect((await clinicalDocumentFetch(where)).status_code).toBe('10016');
    nurse.use();
    await documentShare({ document_client_id: doc.document_client_id, user_client_id: clerk.userId, share: true });
    clerk.use();
    expect((await clinicalDocumentFetch(where)).status_code).toBe('10000');
    expect((await clinicalDocumentFetch({ bucket: 'another-bucket', key: where.key })).status_code).toBe('10016');
    t.as({ host: 'clinical.localhost' });
    expect((await clinicalDocumentFetch(where)).status_code).toBe('10008');
  });
});
