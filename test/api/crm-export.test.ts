import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, validLead } from '../support/lead-fixtures';
import { SIGNED_OUT_MESSAGE } from '../../server/auth/guards';
import { CSV_COLUMNS, csvCell } from '../../server/crm/leads-csv';

const START_TIMEOUT_MS = 120_000;
/** The file of the fixed leads of the byte test, as the export wrote it before it streamed from a cursor (issue 31). */
const GOLDEN_LINES = [
  `"Received","First name","Last name","E-mail","Phone","Course","Course type","Local / International","Financial aid","Source","Stage","Owner","Status","Address","UTM source","UTM medium","UTM campaign","UTM term","UTM content","Landing page","Referrer","Partner site","Inquiries"`,
  `"2026-03-08 03:00","'+Plus","'=1+2","plus@example.com","+33 1 42 68 53 00","","","International Student","","Website","Other","","Inactive","","","","","","","","","https://golden.example","1"`,
  `"2026-03-08 01:59","Zoë","O'Brien ""Z""","zoe@example.com","647-555-0101","","Part Time","Local Student","Yes","Social ad","Warm Lead","Administrator","Active","1 Yonge St, Toronto","google","cpc","winter","it course","'-ad","https://golden.example/apply","https://search.example/?q=it","https://golden.example","2"`,
];

/** A minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter(Boolean)) {
    rows.push([...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
  }
  return rows;
}

describe.each(testDatabaseKinds())('leads CSV export (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const download = (query = '', auth = true) =>
    server.app.inject({
      method: 'GET',
      url: `/api/crm/leads.csv${query}`,
      headers: auth ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    token = await staffToken(server);
    for (const lead of [
      validLead({
        first_name: '=HYPERLINK("http://evil.example")',
        last_name: 'Ølsen, "Jr"',
        email: 'evil@example.com',
        phone: '+442079460958',
        source: 3,
        location: 2,
      }),
      validLead({ first_name: 'Émilie', last_name: '@Dupont', email: 'emilie@example.com', location: 1, financial_aid: true }),
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { 'content-type': 'application/json' },
        payload: lead,
      });
      expect(res.statusCode).toBe(201);
    }
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('needs a staff session', async () => {
    const res = await download('', false);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
  });

  test('UTF-8 with a BOM, an attachment, labels not ids, the right columns', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(CSV_COLUMNS.map(([title]) => title));
    expect(rows).toHaveLength(3);
    const col = (row: string[] | undefined, title: string) => row?.[CSV_COLUMNS.findIndex(([t]) => t === title)];
    const [emilie, evil] = [rows[1], rows[2]];
    expect(col(emilie, 'First name')).toBe('Émilie');
    expect(col(emilie, 'Local / International')).toBe('Local Student');
    expect(col(emilie, 'Financial aid')).toBe('Yes');
    expect(col(emilie, 'Source')).toBe('Website');
    expect(col(emilie, 'Stage')).toBe('New Lead');
    expect(col(emilie, 'Status')).toBe('Active');
    expect(col(evil, 'Source')).toBe('Search ad');
    expect(col(evil, 'Local / International')).toBe('International Student');
    // Never asked of an international student: blank, not "No".
    expect(col(evil, 'Financial aid')).toBe('');
    expect(col(evil, 'Last name')).toBe('Ølsen, "Jr"');
    expect(col(emilie, 'Received')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  test('cells beginning with = + - @ are neutralised (CSV injection); a formatted phone number is not one', async () => {
    const rows = parseCsv((await download()).body.slice(1));
    const cells = rows.flat();
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual(['+44 20 7946 0958']);
    expect(cells).toContain('\'=HYPERLINK("http://evil.example")');
    expect(cells).toContain("'@Dupont");
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('\tcmd')).toBe('"\'\tcmd"');
    expect(csvCell('plain')).toBe('"plain"');
    // Only "+", digits and the formatter's spaces and hyphens go unguarded.
    expect(csvCell('+7 912 345-67-89')).toBe('"+7 912 345-67-89"');
    for (const formula of ['+14165550123', '+1 2+SUM(A1:A9)', '+44 20 A1', '+1-2', '+44  20']) {
      expect(csvCell(formula)).toBe(`"'${formula}"`);
    }
  });

  test('phone numbers read as people write them: national for North America, international elsewhere', async () => {
    const rows = parseCsv((await download()).body.slice(1));
    const phones = rows.slice(1).map((row) => row[CSV_COLUMNS.findIndex(([title]) => title === 'Phone')]);
    expect(phones).toEqual(['416-555-0123', '+44 20 7946 0958']);
  });

  test('the filters of the list apply; bad filters are a 400', async () => {
    const rows = parseCsv((await download('?location=1')).body.slice(1));
    expect(rows).toHaveLength(2);
    expect((await download('?owner=none')).body.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(parseCsv((await download('?owner=me')).body.slice(1))).toHaveLength(1);
    const bad = await download('?stage=99');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Please choose a lead stage from the list.' });
  });

  test('a fixed set of leads gives the same bytes as before the export streamed from a cursor', async () => {
    const { rows } = await server.db.pool.query<{ id: string }>("SELECT trim(id) AS id FROM users WHERE email = 'admin@test.example'");
    await server.db.pool.query(
      `INSERT INTO leads (id, first_name, last_name, email, phone, source, course_type, location, financial_aid, stage, status, owner_id,
                          address, utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_page, referrer, origin,
                          parent_lead_id, created_at, updated_at)
       VALUES ('aaaaaaaaaaaaaaaaaaaa0001', 'Zoë', 'O''Brien "Z"', 'zoe@example.com', '+16475550101', 4, 2, 1, true, 3, 1, $1,
               '1 Yonge St, Toronto', 'google', 'cpc', 'winter', 'it course', '-ad', 'https://golden.example/apply',
               'https://search.example/?q=it', 'https://golden.example', NULL, '2026-03-08T06:59:59.123456Z', now()),
              ('aaaaaaaaaaaaaaaaaaaa0002', '+Plus', '=1+2', 'plus@example.com', '+33142685300', 1, NULL, 2, false, 8, 2, NULL,
               '', NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'https://golden.example', NULL, '2026-03-08T07:00:00Z', now()),
              ('aaaaaaaaaaaaaaaaaaaa0003', 'Zoë', 'O''Brien', 'zoe@example.com', '+16475550101', 1, NULL, 1, false, 1, 1, NULL,
               '', NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'https://golden.example', 'aaaaaaaaaaaaaaaaaaaa0001',
               '2026-03-09T12:00:00Z', now())`,
      [rows[0]?.id],
    );
    // Across the spring-forward hour (01:59 EST, then 03:00 EDT); a repeat inquiry counted on its lead.
    const file = (await download('?origin=https://golden.example')).rawPayload;
    expect(file.toString('utf8').slice(1).split('\r\n')).toEqual([...GOLDEN_LINES, '']);
    expect(file.equals(Buffer.from(`\uFEFF${GOLDEN_LINES.map((line) => `${line}\r\n`).join('')}`))).toBe(true);
  });
});
