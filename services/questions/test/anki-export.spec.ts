import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MongoClient, ObjectId } from 'mongodb';
import {
  ANKI_EXPORT_COUNT_HEADER,
  ANKI_EXPORT_FILE_NAME,
  ANKI_EXPORT_ID_HEADER,
  ANKI_MESSAGES,
  ANKI_PACKAGE_TYPE,
  type AnkiMarkResult,
  type ApiError,
  type Question,
  tooManyAttempts,
} from '@mcat/contracts';
import { ankiGuid } from '../src/anki/apkg-writer';
import { ANKI_DECK } from '../src/anki/anki-export.service';
import { QUESTIONS_RATE_LIMIT_POLICY } from '../src/rate-limit/rate-limit.policy';
import { newUserId, questionBody, startHarness, type QuestionsHarness } from './harness';

const run = promisify(execFile);

const CP = 'Chemical and Physical Foundations';
const BIO = 'Biological and Biochemical Foundations';

/** What the independent reader found in a package. */
interface ReadPackage {
  media: string[];
  models: string[];
  decks: {
    id: string;
    name: string;
    cards: {
      id: number;
      nid: number;
      fields: { Front: string; Back: string };
      question: string;
      answer: string;
    }[];
  }[];
  notes: { id: number; guid: string; tags: string; mid: number }[];
  tables: string[];
}

/**
 * anki-reader (an ES module; jest runs these specs as CommonJS) opens the package in a Node
 * process of its own, from this workspace's node_modules, and reports what it read as JSON.
 */
const READER = `
import { readFileSync } from 'node:fs';
import { readAnkiPackage } from 'anki-reader';
const { collection, media } = await readAnkiPackage(new Blob([readFileSync(process.argv[1])]));
const db = collection.getRawCollection();
const rows = (sql) => {
  const [result] = db.exec(sql);
  return result ? result.values.map((v) => Object.fromEntries(result.columns.map((c, i) => [c, v[i]]))) : [];
};
const decks = Object.entries(collection.getDecks()).map(([id, deck]) => ({
  id,
  name: deck.getName(),
  cards: Object.values(deck.getCards()).map((card) => {
    const [side] = card.getQuestions();
    return {
      id: Number(card.getId()),
      nid: Number(card.getNoteId()),
      fields: card.getFields(),
      question: side.getQuestionString(),
      answer: side.getAnswerString(),
    };
  }),
}));
process.stdout.write(JSON.stringify({
  media: Object.keys(media),
  models: Object.keys(collection.getModels()),
  decks,
  notes: rows('SELECT id, guid, tags, mid FROM notes'),
  tables: rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((r) => r.name),
}));
`;

describe('Anki deck export', () => {
  let h: QuestionsHarness;
  let dir: string;

  beforeAll(async () => {
    h = await startHarness();
    dir = await mkdtemp(join(tmpdir(), 'anki-export-'));
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  interface Download {
    status: number;
    headers: Headers;
    file: Buffer;
  }

  const download = async (userId: string, query = ''): Promise<Download> => {
    const response = await fetch(`${h.questionsUrl()}/api/questions/export/anki${query}`, {
      headers: { authorization: `Bearer ${h.issuer.sign({ sub: userId })}` },
    });
    return {
      status: response.status,
      headers: response.headers,
      file: Buffer.from(await response.arrayBuffer()),
    };
  };

  let files = 0;
  const read = async (file: Buffer): Promise<ReadPackage> => {
    files += 1;
    const path = join(dir, `deck-${files}.apkg`);
    await writeFile(path, file);
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', READER, path], {
      cwd: join(__dirname, '..'),
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as ReadPackage;
  };

  const deckOf = (pkg: ReadPackage) => {
    const deck = pkg.decks.find((d) => d.id === String(ANKI_DECK.deckId));
    if (!deck) throw new Error(`no deck ${ANKI_DECK.deckId} in ${JSON.stringify(pkg.decks)}`);
    return deck;
  };

  const mark = (userId: string, body: unknown) =>
    h.call<AnkiMarkResult | ApiError>(userId, 'POST', '/api/questions/export/anki/mark', body);

  const create = async (userId: string, body: ReturnType<typeof questionBody>) => {
    const created = await h.call<Question>(userId, 'POST', '/api/questions', body);
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return created.body;
  };

  it("exports every question of the student as a real Anki package, each note's fields, tags, guid and id", async () => {
    const user = newUserId();
    const fl1 = await h.newTest(user, '2025-02-03', 'Kaplan FL 2');
    const fl2 = await h.newTest(user, '2025-03-01', 'AAMC FL 1');
    const hostile = await create(
      user,
      questionBody(fl1, {
        section: CP,
        questionNumber: 7,
        mistakeType: 'Careless Error',
        wrongAnswerReason: '<script>alert("x")</script> & I picked <b>B</b>',
        rightAnswerReason: "It's C:\nthe rate law says so",
        improvementPlan: 'Redo <img src=x onerror=alert(1)>',
        topicTags: ['Amino acids', 'Rate   laws'],
      }),
    );
    const plain = await create(
      user,
      questionBody(fl2, {
        section: BIO,
        questionNumber: 31,
        mistakeType: '',
        wrongAnswerReason: 'Forgot the enzyme',
        rightAnswerReason: 'Competitive inhibition',
        improvementPlan: 'Flashcards on inhibitors',
        topicTags: [],
      }),
    );
    const other = newUserId();
    const otherTest = await h.newTest(other, '2025-01-05', 'Other FL');
    await create(other, questionBody(otherTest, { wrongAnswerReason: 'SOMEONE ELSE' }));

    const answer = await download(user);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(ANKI_PACKAGE_TYPE);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="${ANKI_EXPORT_FILE_NAME}"`,
    );
    expect(answer.headers.get(ANKI_EXPORT_COUNT_HEADER)).toBe('2');
    expect(answer.headers.get(ANKI_EXPORT_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.file.subarray(0, 2).toString('latin1')).toBe('PK');

    const pkg = await read(answer.file);
    expect(pkg.tables).toEqual(
      expect.arrayContaining(['cards', 'col', 'graves', 'notes', 'revlog']),
    );
    expect(pkg.media).toEqual([]);
    expect(pkg.models).toEqual([String(ANKI_DECK.modelId)]);
    const deck = deckOf(pkg);
    expect(deck.name).toBe('MCAT Logbook::Missed questions');
    expect(pkg.decks.map((d) => d.name).sort()).toEqual([
      'Default',
      'MCAT Logbook',
      'MCAT Logbook::Missed questions',
    ]);
    expect(deck.cards).toHaveLength(2);
    expect(pkg.notes).toHaveLength(2);

    const noteOf = (question: Question) => {
      const note = pkg.notes.find((n) => n.guid === ankiGuid(question._id));
      if (!note) throw new Error(`no note for ${question._id}`);
      const card = deck.cards.find((c) => c.nid === note.id);
      if (!card) throw new Error(`no card for note ${note.id}`);
      return { note, card };
    };

    const first = noteOf(hostile);
    expect(first.note.mid).toBe(ANKI_DECK.modelId);
    // The note id is the question's creation time in milliseconds (Anki's "Created").
    expect(Math.floor(first.note.id / 1000)).toBe(
      Math.floor(new Date(hostile.createdAt).getTime() / 1000),
    );
    expect(first.note.tags).toBe(' Amino_acids Rate_laws mistake::Careless_Error ');
    expect(first.card.fields.Front).toBe(
      '<div class="meta">Kaplan FL 2 (2025-02-03)</div>' +
        `<div><b>${CP}, question 7</b></div>` +
        '<div class="meta">Topics: Amino acids, Rate   laws</div>',
    );
    expect(first.card.fields.Back).toBe(
      '<div class="meta">Mistake: Careless Error</div>' +
        '<h3>Why my answer was wrong</h3>' +
        '<div>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; I picked &lt;b&gt;B&lt;/b&gt;</div>' +
        '<h3>Why the right answer is right</h3><div>It&#39;s C:<br>the rate law says so</div>' +
        '<h3>My plan</h3><div>Redo &lt;img src=x onerror=alert(1)&gt;</div>',
    );
    expect(first.card.question).toBe(first.card.fields.Front);
    expect(first.card.answer).toContain(first.card.fields.Back);
    expect(first.card.answer).not.toMatch(/<script|<img/);

    const second = noteOf(plain);
    expect(second.note.tags).toBe('');
    expect(second.card.fields.Front).toBe(
      '<div class="meta">AAMC FL 1 (2025-03-01)</div>' +
        `<div><b>${BIO}, question 31</b></div>` +
        '<div class="meta">Topics: none</div>',
    );
    expect(second.card.fields.Back).toBe(
      '<h3>Why my answer was wrong</h3><div>Forgot the enzyme</div>' +
        '<h3>Why the right answer is right</h3><div>Competitive inhibition</div>' +
        '<h3>My plan</h3><div>Flashcards on inhibitors</div>',
    );
    expect(JSON.stringify(pkg)).not.toContain('SOMEONE ELSE');

    // A second export: the same note ids, guids, model and deck, so Anki updates the notes.
    const again = await read((await download(user)).file);
    expect(again.notes.map((n) => [n.id, n.guid, n.mid]).sort()).toEqual(
      pkg.notes.map((n) => [n.id, n.guid, n.mid]).sort(),
    );
    expect(
      deckOf(again)
        .cards.map((c) => c.id)
        .sort(),
    ).toEqual(deck.cards.map((c) => c.id).sort());
    expect(new Set(pkg.notes.map((n) => n.guid)).size).toBe(2);
  }, 60_000);

  it('applies the search filters, answers an empty deck when nothing matches, and refuses bad filters', async () => {
    const user = newUserId();
    const a = await h.newTest(user, '2025-01-10', 'Test A');
    const b = await h.newTest(user, '2025-02-10', 'Test B');
    const careless = await create(
      user,
      questionBody(a, { section: CP, mistakeType: 'Careless Error', topicTags: ['Enzymes'] }),
    );
    const gap = await create(
      user,
      questionBody(b, { section: BIO, mistakeType: 'Content Gap', topicTags: ['Optics'] }),
    );
    const made = await create(
      user,
      questionBody(b, { section: CP, ankiCardMade: true, topicTags: ['enzymes'] }),
    );
    const guids = async (query: string) => {
      const answer = await download(user, query);
      expect(answer.status).toBe(200);
      return (await read(answer.file)).notes.map((n) => n.guid).sort();
    };
    const of = (...questions: Question[]) => questions.map((q) => ankiGuid(q._id)).sort();

    expect(await guids(`?testId=${b}`)).toEqual(of(gap, made));
    expect(await guids(`?section=${encodeURIComponent(CP)}`)).toEqual(of(careless, made));
    expect(await guids('?mistakeType=Careless%20Error')).toEqual(of(careless));
    expect(await guids('?ankiStatus=not%20made')).toEqual(of(careless, gap));
    expect(await guids('?topicTag=ENZYMES')).toEqual(of(careless, made));
    expect(await guids(`?testId=${a}&topicTag=Optics`)).toEqual([]);
    expect(await guids('?section=&topicTag=')).toEqual(of(careless, gap, made));

    for (const query of ['?limit=10', '?section=Nope', '?testId=123', '?ankiStatus=maybe']) {
      const refused = await h.call<ApiError>(user, 'GET', `/api/questions/export/anki${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION');
    }
    const anonymous = await fetch(`${h.questionsUrl()}/api/questions/export/anki`);
    expect(anonymous.status).toBe(401);
  }, 60_000);

  it('marks exactly the exported questions, only the caller’s, and the list shows it at once', async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const exported = [
      await create(user, questionBody(testId, { section: CP, questionNumber: 1 })),
      await create(user, questionBody(testId, { section: CP, questionNumber: 2 })),
    ];
    const outside = await create(user, questionBody(testId, { section: BIO, questionNumber: 3 }));
    // The list is read (and kept) before the marking: marking must change what it shows.
    expect((await h.call<Question[]>(user, 'GET', '/api/questions')).body).toHaveLength(3);

    const answer = await download(user, `?section=${encodeURIComponent(CP)}`);
    const exportId = answer.headers.get(ANKI_EXPORT_ID_HEADER);
    if (!exportId) throw new Error('no export id');
    // Added after the export: not in it, so never marked by it.
    const later = await create(user, questionBody(testId, { section: CP, questionNumber: 4 }));

    // Another student cannot mark this export (it is not theirs to name).
    const stranger = newUserId();
    expect(await mark(stranger, { exportId })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: ANKI_MESSAGES.exportUnknown },
    });

    expect(await mark(user, { exportId })).toEqual({
      status: 200,
      body: { marked: 2, message: ANKI_MESSAGES.marked(2) },
    });
    const list = (await h.call<Question[]>(user, 'GET', '/api/questions')).body;
    const madeOf = Object.fromEntries(list.map((q) => [q._id, q.ankiCardMade]));
    expect(madeOf).toEqual({
      [exported[0]._id]: true,
      [exported[1]._id]: true,
      [outside._id]: false,
      [later._id]: false,
    });
    const search = await h.call<Question[]>(user, 'GET', '/api/questions/search?ankiStatus=made');
    expect(search.body.map((q) => q._id).sort()).toEqual(exported.map((q) => q._id).sort());

    // Marking again changes nothing; a deleted question is simply not counted.
    await h.call(user, 'DELETE', `/api/questions/${exported[0]._id}`);
    expect((await mark(user, { exportId })).body).toMatchObject({ marked: 1 });

    for (const body of [
      {},
      { exportId: 'nope' },
      { exportId: 42 },
      { exportId, extra: true },
      { exportId: 'x'.repeat(100_000) },
    ]) {
      const refused = await mark(user, body);
      expect(refused.status).toBe(400);
      expect((refused.body as ApiError).code).toBe('VALIDATION');
    }
    expect(await mark(user, { exportId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  }, 60_000);

  it('an account’s 21st export in ten minutes is 429 with Retry-After; another account is not held back', async () => {
    const [user, other] = [newUserId(), newUserId()];
    for (let i = 0; i < QUESTIONS_RATE_LIMIT_POLICY.ankiExportPerUser.points; i += 1) {
      expect((await download(user)).status).toBe(200);
    }
    const refused = await download(user);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(JSON.parse(refused.file.toString('utf8'))).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: tooManyAttempts(retryAfter),
    });
    expect(refused.headers.get(ANKI_EXPORT_ID_HEADER)).toBeNull();
    expect((await download(other)).status).toBe(200);
  }, 60_000);

  it('exports 1,300 questions (a premium student’s set) and reports how long it takes', async () => {
    const user = newUserId();
    const testId = await h.newTest(user, '2025-04-01', 'AAMC FL 3');
    const mongo = await MongoClient.connect(h.questionsMongoUrl);
    const start = Date.now() - 1300 * 1000;
    try {
      await mongo
        .db()
        .collection('questions')
        .insertMany(
          Array.from({ length: 1300 }, (_, i) => ({
            _id: new ObjectId(),
            userId: user,
            testId,
            section: [CP, BIO][i % 2],
            questionNumber: (i % 59) + 1,
            mistakeType: 'Content Gap',
            wrongAnswerReason: `Why I missed number ${i}: `.padEnd(400, 'w'),
            rightAnswerReason: 'Why the right answer is right: '.padEnd(400, 'r'),
            improvementPlan: 'What I will do about it: '.padEnd(300, 'p'),
            ankiCardMade: false,
            topicTags: ['Enzymes', `Topic ${i % 40}`],
            topicTagKeys: ['enzymes', `topic ${i % 40}`],
            createdAt: new Date(start + i * 1000),
          })),
        );
    } finally {
      await mongo.close();
    }
    // The first read of the list builds it; the export is timed on the kept list, as users meet it.
    expect((await h.call<Question[]>(user, 'GET', '/api/questions')).body).toHaveLength(1300);

    const timings: number[] = [];
    const files: Buffer[] = [];
    for (let i = 0; i < 3; i += 1) {
      const began = performance.now();
      const answer = await download(user);
      timings.push(performance.now() - began);
      expect(answer.status).toBe(200);
      files.push(answer.file);
    }
    const file = files[files.length - 1];
    const pkg = await read(file);
    expect(pkg.notes).toHaveLength(1300);
    expect(new Set(pkg.notes.map((n) => n.id)).size).toBe(1300);
    expect(new Set(pkg.notes.map((n) => n.guid)).size).toBe(1300);
    expect(deckOf(pkg).cards).toHaveLength(1300);
    console.log(
      `Anki export of 1,300 questions: ${timings.map((ms) => `${Math.round(ms)} ms`).join(', ')} ` +
        `(first, then warm; ${Math.round(file.length / 1024)} KiB)`,
    );
  }, 120_000);
});
