import { describe, expect, it } from 'vitest';
import { patchCell, patchStyleText, withAttribute } from './drawio-patch';
import { parseStyle } from './drawio-style';
import type { XmlNode } from '../../../../shared/drawio/model';

const ORDER = ['id', 'value', 'style', 'vertex', 'parent'];

describe('withAttribute', () => {
  it('sets an attribute in its place, inserts a new one where diagrams.net writes it, removes one for undefined', () => {
    const attributes = [['id', 'a'], ['vertex', '1'], ['parent', '1']] as const;
    expect(withAttribute(attributes, 'parent', '2', ORDER)).toEqual([['id', 'a'], ['vertex', '1'], ['parent', '2']]);
    expect(withAttribute(attributes, 'style', 'x=1;', ORDER)).toEqual([['id', 'a'], ['style', 'x=1;'], ['vertex', '1'], ['parent', '1']]);
    expect(withAttribute(attributes, 'unknown', 'u', ORDER)).toEqual([...attributes, ['unknown', 'u']]);
    expect(withAttribute(attributes, 'vertex', undefined, ORDER)).toEqual([['id', 'a'], ['parent', '1']]);
  });
});

describe('patchStyleText', () => {
  const patch = (text: string, set: Record<string, string | undefined>, remove: string[] = []) => {
    const kept = parseStyle(text);
    const wanted = new Map(kept);
    for (const [key, value] of Object.entries(set)) wanted.set(key, value);
    for (const key of remove) wanted.delete(key);
    return patchStyleText(text, kept, wanted);
  };

  it('changes only the keys that changed, keeping order, spacing and the closing semicolon', () => {
    expect(patch('rounded=1;whiteSpace=wrap;fillColor=#fff;', { fillColor: '#f00' })).toBe('rounded=1;whiteSpace=wrap;fillColor=#f00;');
    expect(patch('ellipse;html=1', { fillColor: '#f00' })).toBe('ellipse;html=1;fillColor=#f00');
    expect(patch('', { fillColor: '#f00' })).toBe('fillColor=#f00;');
    expect(patch('a=1;dashed=1;b=2;', {}, ['dashed'])).toBe('a=1;b=2;');
  });

  it('sets the last of repeated keys, the one diagrams.net reads, and leaves the others as written', () => {
    expect(patch('fillColor=#111;x=1;fillColor=#222;', { fillColor: '#f00' })).toBe('fillColor=#111;x=1;fillColor=#f00;');
  });
});

describe('patchCell', () => {
  const bare: XmlNode = {
    tag: 'mxCell',
    attributes: [['id', 'c1'], ['value', 'Old'], ['vertex', '1'], ['parent', '1']],
    children: [{ tag: 'mxGeometry', attributes: [['x', '10'], ['width', '80'], ['height', '40'], ['as', 'geometry']], children: [] }],
  };

  it('is the cell itself when nothing changes', () => {
    expect(patchCell(bare, { attributes: [], geometry: [], data: [] })).toBe(bare);
  });

  it('changes the geometry attributes asked for, inserting y after x', () => {
    const patched = patchCell(bare, { attributes: [], geometry: [['y', '20']], data: [] });
    expect(patched.children[0].attributes).toEqual([['x', '10'], ['y', '20'], ['width', '80'], ['height', '40'], ['as', 'geometry']]);
  });

  it('wraps a bare cell in <object> to hold a name given here, its label and id on the wrapper', () => {
    const patched = patchCell(bare, { attributes: [['value', 'New']], geometry: [], data: [['tandemAlias', 'Api']] });
    expect(patched.tag).toBe('object');
    expect(patched.attributes).toEqual([['label', 'New'], ['tandemAlias', 'Api'], ['id', 'c1']]);
    expect(patched.children[0].attributes).toEqual([['vertex', '1'], ['parent', '1']]);
  });

  it('puts waypoints after the end points of an edge and removes them for null', () => {
    const edge: XmlNode = {
      tag: 'mxCell',
      attributes: [['id', 'e1'], ['edge', '1']],
      children: [
        {
          tag: 'mxGeometry',
          attributes: [['relative', '1'], ['as', 'geometry']],
          children: [
            { tag: 'mxPoint', attributes: [['x', '1'], ['as', 'sourcePoint']], children: [] },
            { tag: 'mxPoint', attributes: [['x', '5'], ['as', 'offset']], children: [] },
          ],
        },
      ],
    };
    const points: XmlNode = { tag: 'Array', attributes: [['as', 'points']], children: [] };
    const withPoints = patchCell(edge, { attributes: [], geometry: [], points, data: [] });
    expect(withPoints.children[0].children.map((child) => child.attributes.at(-1)![1])).toEqual(['sourcePoint', 'points', 'offset']);
    const without = patchCell(withPoints, { attributes: [], geometry: [], points: null, data: [] });
    expect(without.children[0].children).toEqual(edge.children[0].children);
  });
});
