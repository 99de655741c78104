/** Edges made in tests: read from a small file where each style joins a box A to a box B. */
import { readDrawioFile } from '../../../main/domains/drawio/file/drawio-file';
import type { EdgeRecord } from '../model';

/** The edges of a file with boxes A and B and one edge from A to B per style, in the styles' order. */
export function edgesBetweenBoxes(styles: string[]): EdgeRecord[] {
  const cells = [
    '<mxCell id="a" value="A" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="0" y="0" width="40" height="40" as="geometry"/></mxCell>',
    '<mxCell id="b" value="B" style="rounded=0;" vertex="1" parent="1"><mxGeometry x="200" y="0" width="40" height="40" as="geometry"/></mxCell>',
    ...styles.map((style, i) => `<mxCell id="e${i}" value="" style="${style}" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>`),
  ];
  const records = readDrawioFile(`<mxfile><diagram id="p" name="P"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`, 'made.drawio');
  return records.filter((r): r is EdgeRecord => r.kind === 'edge').sort((x, y) => x.order - y.order);
}
