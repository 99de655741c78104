import { describe, expect, it } from 'vitest';
import { edges, fails, groups, meta, newDiagram, ok, shape, shapes } from '../test-kit';

describe('add', () => {
  it('adds a typed shape with the type size and the default theme', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'add db Orders')).toEqual(['+db Orders @(200,200 120x80) blue']);
    expect(shape(doc, 'Orders')).toMatchObject({ type: 'db', text: 'Orders', w: 120, h: 80, theme: 'blue', layerId: 'l2', pageId: 'p1' });
    expect(meta(doc).lastTouchedId).toBe(shape(doc, 'Orders').id);
  });

  it('guesses the type from the words of the label', async () => {
    const doc = newDiagram();
    await ok(
      doc,
      'add UserDB',
      'add PostgreSQL',
      'add Customers',
      'add OrderEvents',
      'add ExternalPartner',
      'add AuditLog',
      'add "Is valid?"',
      'add CheckCondition',
      'add Billing',
    );
    const typeOf = (alias: string) => shape(doc, alias).type;
    expect(typeOf('UserDB')).toBe('db');
    expect(typeOf('PostgreSQL')).toBe('db');
    expect(typeOf('Customers')).toBe('actor');
    expect(typeOf('OrderEvents')).toBe('queue');
    expect(typeOf('ExternalPartner')).toBe('cloud');
    expect(typeOf('AuditLog')).toBe('doc');
    expect(typeOf('Is valid?')).toBe('decision');
    expect(typeOf('CheckCondition')).toBe('decision');
    expect(typeOf('Billing')).toBe('svc');
  });

  it('widens a shape for a long label, but not an actor (its label is under the figure)', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc PaymentReconciliationService', 'add actor SupportEngineerOnCall', 'add svc Short label:"A much longer display text"');
    expect(shape(doc, 'PaymentReconciliationService').w).toBe(250);
    expect(shape(doc, 'SupportEngineerOnCall').w).toBe(40);
    expect(shape(doc, 'Short')).toMatchObject({ text: 'A much longer display text', w: 230 });
  });

  it('label: sets the display text while LABEL stays the ref', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'add svc Auth label:"Auth Service"', 'style Auth bold')).toEqual([
      '+svc Auth @(200,200 140x60) blue label:"Auth Service"',
      '*styled Auth bold (1 shape)',
    ]);
  });

  it('takes theme:, size: and in:', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'group A as:Backend');
    expect(await ok(doc, 'add db B theme:purple size:200x100 in:Backend')).toEqual(['+db B @(200,320 200x100) purple in:Backend']);
    expect(shape(doc, 'B').groupId).toBe(groups(doc)[0].id);
  });

  it('count:N adds LABEL1..LABELN, with a numbered display text when label: is given', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'add box Worker count:2 label:"Worker node"')).toEqual([
      '+box Worker1 @(200,200 130x60) blue label:"Worker node 1"',
      '+box Worker2 @(200,320 130x60) blue label:"Worker node 2"',
    ]);
  });

  it('uses custom types with their base, size and theme', async () => {
    const doc = newDiagram();
    await ok(doc, 'define pipeline base:queue theme:orange size:160x60');
    expect(await ok(doc, 'add pipeline Orders')).toEqual(['+pipeline Orders @(200,200 160x60) orange']);
  });

  it('refuses an alias the page already has (ignoring case), suggesting a free one', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc AuthService', 'add svc AuthService2');
    const text = await fails(doc, 'add db authservice');
    expect(text).toContain('! AuthService already exists on page "Page-1" (svc @(200,200 140x60)) [conflict]');
    expect(text).toContain('try: add db authservice3, or refer to the existing AuthService');
    expect(await fails(doc, 'add svc Auth count:2', 'add svc Auth1')).toContain('Auth1 already exists');
  });

  it('allows the same alias on another page', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc AuthService', 'page add Other');
    expect(await ok(doc, 'add svc AuthService')).toEqual(['+svc AuthService @(200,200 140x60) blue']);
  });

  it('answers bad input with bad_param or missing_arg and a try: line', async () => {
    const doc = newDiagram();
    expect(await fails(doc, 'add sevice Auth')).toContain('! bad type "sevice". Did you mean "svc"? [bad_param]');
    expect(await fails(doc, 'add svc Auth Service')).toContain('try: quote text with spaces: add svc "Auth Service"');
    expect(await fails(doc, 'add svc Auth label:Auth Service')).toContain('try: quote text with spaces: add svc Auth label:"Auth Service"');
    expect(await fails(doc, 'add db')).toContain('missing LABEL after type "db" [missing_arg]');
    expect(await fails(doc, 'add')).toContain('missing LABEL [missing_arg]');
    expect(await fails(doc, 'add svc A theme:teal')).toContain('try: theme:blue|green|red|yellow|orange|purple|gray|dark|white');
    expect(await fails(doc, 'add svc A size:bigxsmall')).toContain('bad size "bigxsmall": expected WxH in px');
    expect(await fails(doc, 'add svc A size:-10x20')).toContain('bad size');
    expect(await fails(doc, 'add svc A size:0x20')).toContain('width and height must be positive');
    expect(await fails(doc, 'add svc A count:0')).toContain('bad count "0"');
    expect(await fails(doc, 'add svc A colour:red')).toContain('add does not take colour:');
    expect(await fails(doc, 'add svc "#A"')).toContain('may not start with @ or #');
    expect(await fails(doc, 'add svc A in:Nowhere')).toContain('unknown group "Nowhere"');
    expect(await fails(doc, 'add svc A near:Nobody')).toContain('unknown ref "Nobody"');
    expect(await fails(doc, 'add svc A @all')).toContain('add does not take selectors');
  });
});

describe('remove', () => {
  it('removes a shape and reports the edges that went with it', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'add svc C', 'connect A -> B -> C');
    expect(await ok(doc, 'remove B')).toEqual(['-B', '-A->B solid', '-B->C solid']);
    expect(edges(doc)).toHaveLength(0);
    // Removing the last touched shape forgets it; the next add goes after the newest shape.
    expect(meta(doc).lastTouchedId).toBe(shape(doc, 'C').id);
    await ok(doc, 'remove C');
    expect(meta(doc).lastTouchedId).toBeUndefined();
    expect(await ok(doc, 'add svc D')).toEqual(['+svc D @(200,320 140x60) blue']);
  });

  it('removes what a selector picks, and groups left empty', async () => {
    const doc = newDiagram();
    await ok(doc, 'add db A', 'add db B', 'add svc C', 'group A B as:Data');
    expect(await ok(doc, 'remove @type:db')).toEqual(['-A', '-B', '-group Data (no shapes left)']);
    expect(shapes(doc).map((s) => s.alias)).toEqual(['C']);
    expect(groups(doc)).toHaveLength(0);
  });

  it('removes an edge with remove SRC -> TGT', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'connect A -> B');
    expect(await ok(doc, 'remove A -> B')).toEqual(['-A->B solid']);
    expect(shapes(doc)).toHaveLength(2);
  });

  it('lists at most 20 shapes, then counts the rest', async () => {
    const doc = newDiagram();
    await ok(doc, 'add box N count:25');
    const lines = await ok(doc, 'remove @all');
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe('-... and 5 more shapes');
  });

  it('needs a target', async () => {
    const doc = newDiagram();
    expect(await fails(doc, 'remove')).toContain('[missing_arg]');
  });
});

describe('resize and swap', () => {
  it('resize sets the size and keeps the corner', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add db B', 'add db C');
    expect(await ok(doc, 'resize A to:200x90')).toEqual(['*resized A to 200x90 (1 shape)']);
    expect(shape(doc, 'A')).toMatchObject({ x: 200, y: 200, w: 200, h: 90 });
    expect(await ok(doc, 'resize @type:db size:50x50')).toEqual(['*resized @type:db to 50x50 (2 shapes)']);
    expect(await fails(doc, 'resize A')).toContain('missing to:WxH');
    expect(await fails(doc, 'resize A to:wide')).toContain('bad to "wide"');
  });

  it('swap exchanges the corners of two shapes', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add db B near:A dir:right');
    expect(await ok(doc, 'swap A B')).toEqual(['@swapped A now (400,200) <-> B now (200,200)']);
    expect(await fails(doc, 'swap A')).toContain('swap takes two shapes, got 1');
    expect(await fails(doc, 'swap A a')).toContain('needs two different shapes');
  });
});

describe('label and badge', () => {
  it('label changes the display text, not the size, and "" restores the alias', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A');
    expect(await ok(doc, 'label A "Authentication and authorization"')).toEqual(['*label A "Authentication and authorization"']);
    expect(shape(doc, 'A')).toMatchObject({ text: 'Authentication and authorization', w: 140, h: 60 });
    expect(await ok(doc, 'label A ""')).toEqual(['*label A "A"']);
    expect(shape(doc, 'A')).toMatchObject({ text: 'A', w: 140 });
    // The old alias still resolves after a new label.
    expect(await ok(doc, 'label A Gateway', 'style A bold')).toEqual(['*label A "Gateway"', '*styled A bold (1 shape)']);
  });

  it('labels an edge, either way round, and a group', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'connect A -> B', 'group A B as:Backend');
    expect(await ok(doc, 'label A -> B "reads"')).toEqual(['~A->B "reads" solid']);
    expect(await ok(doc, 'label B->A writes')).toEqual(['~A->B "writes" solid']);
    expect(await ok(doc, 'label Backend "Backend services"')).toEqual(['*label group Backend "Backend services"']);
    expect(groups(doc)[0].text).toBe('Backend services');
    await ok(doc, 'add svc C');
    expect(await fails(doc, 'label A -> C "x"')).toContain('no edge between A and C');
    expect(await fails(doc, 'label A')).toContain('missing the shape and the text');
  });

  it('badge adds, replaces and removes a corner badge', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A');
    expect(await ok(doc, 'badge A "v2"')).toEqual(['*badge A "v2" top-right']);
    expect(await ok(doc, 'badge A "v3"', 'badge A PII pos:bottom-left')).toEqual(['*badge A "v3" top-right', '*badge A "PII" bottom-left']);
    expect(shape(doc, 'A').badges).toEqual([
      { text: 'v3', pos: 'top-right' },
      { text: 'PII', pos: 'bottom-left' },
    ]);
    expect(await ok(doc, 'badge A "" pos:top-right')).toEqual(['*badge A removed from top-right']);
    expect(shape(doc, 'A').badges).toEqual([{ text: 'PII', pos: 'bottom-left' }]);
    expect(await fails(doc, 'badge A x pos:middle')).toContain('try: pos:top-left|top-right|bottom-left|bottom-right');
  });
});

describe('style', () => {
  it('answers in the contract format and sets the overrides', async () => {
    const doc = newDiagram();
    await ok(doc, 'add db UserDB');
    expect(await ok(doc, 'style UserDB fill:#ff0000')).toEqual(['*styled UserDB fill:#ff0000 (1 shape)']);
    expect(shape(doc, 'UserDB').style).toEqual({ fill: '#ff0000' });
  });

  it('takes every key, theme colours, short hex and bare flags', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A');
    expect(
      await ok(doc, 'style A fill:red stroke:#0F0 font-color:dark font-size:14 opacity:50 rounded:true dashed:false shadow:yes bold italic no-underline'),
    ).toEqual([
      '*styled A fill:#f8cecc stroke:#00ff00 font-color:#e0e0e0 font-size:14 opacity:50 rounded no-dashed shadow bold italic no-underline (1 shape)',
    ]);
    expect(shape(doc, 'A').style).toEqual({
      fill: '#f8cecc',
      stroke: '#00ff00',
      fontColor: '#e0e0e0',
      fontSize: 14,
      opacity: 50,
      rounded: true,
      dashed: false,
      shadow: true,
      bold: true,
      italic: true,
      underline: false,
    });
  });

  it('theme: switches the theme and drops the colour overrides', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'style A fill:#123456 stroke:#654321 bold');
    await ok(doc, 'style A theme:green');
    expect(shape(doc, 'A')).toMatchObject({ theme: 'green', style: { bold: true } });
    expect(shape(doc, 'A').style.fill).toBeUndefined();
  });

  it('styles selections and several refs; a flag word first is still the shape', async () => {
    const doc = newDiagram();
    await ok(doc, 'add db A', 'add db B', 'add svc bold', 'add svc C');
    expect(await ok(doc, 'style @type:db italic')).toEqual(['*styled @type:db italic (2 shapes)']);
    expect(await ok(doc, 'style bold C underline')).toEqual(['*styled bold C underline (2 shapes)']);
    expect(shape(doc, 'bold').style).toEqual({ underline: true });
  });

  it('refuses bad colours, numbers out of range and an empty change', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A');
    const badColour = await fails(doc, 'style A fill:reddish');
    expect(badColour).toContain('a colour is #rgb, #rrggbb, none or a theme name');
    expect(badColour).toContain('try: fill:#ff0000 or fill:blue|green');
    expect(await fails(doc, 'style A opacity:150')).toContain('bad opacity "150": expected a number from 0 to 100');
    expect(await fails(doc, 'style A font-size:big')).toContain('bad font-size "big"');
    expect(await fails(doc, 'style A bold:maybe')).toContain('try: bold:true|false');
    expect(await fails(doc, 'style A')).toContain('style needs at least one key or flag');
    expect(await fails(doc, 'style @type:queue bold')).toContain('[empty_selection]');
  });
});
