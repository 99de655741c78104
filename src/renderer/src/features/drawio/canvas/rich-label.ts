/** What a cell's label and tooltip show on the canvas (labelLines is shared with the export). */
export { labelLines, type LabelRun } from '../../../../../shared/drawio/render/label-lines';

/** The tooltip a file gave a cell (`<object tooltip="...">`). */
export function tooltipOf(record: { file?: { data?: ReadonlyArray<readonly [string, string]> } }): string | undefined {
  return record.file?.data?.find(([name]) => name === 'tooltip')?.[1];
}

/** How a look drawn simplified is named on the shape: `image`, or a stencil's last name part. */
export function lookCaption(look: string): string {
  return look === 'image' ? 'image' : (look.split('.').pop() ?? look);
}
