/**
 * Loko projects written straight to disk as loko itself writes them (not through the domain), for
 * tests and the benchmark: a small hand-made one, and generated ones of any size.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes `files` (path relative to `root` → content) under `root`. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A loko project as `loko init` and `loko new system/container/component` leave it, with loko's own keys. */
export const SHOP_PROJECT: Record<string, string> = {
  'loko.toml': `# loko.toml - Shop
[project]
name = "Shop"
description = "An online shop"
version = "1.2.0"

[paths]
source_dir = "src"
output_dir = "dist"

[d2]
theme = "neutral-default"
layout = "elk"

[output]
html_enabled = true
markdown_enabled = true
pdf_enabled = true
`,
  'src/Storefront/system.md': `---
name: "Storefront"
description: "The web shop customers buy from"
technology: "TypeScript"
tags: [web, public]
relationships:
  - target: Payments
    description: "charges orders"
---

# Storefront

Customers browse the catalogue and place orders.
`,
  'src/Storefront/system.d2': `customer: Customer {shape: person}
storefront: Storefront
payments: Payments
customer -> storefront: browses
storefront -> payments: charges
`,
  'src/Storefront/web-app/container.md': `---
name: "Web App"
description: "Server-rendered pages"
technology: "Node.js"
---

# Web App
`,
  'src/Storefront/web-app/container.d2': `pages: Page Renderer
cart: Cart Service
pages -> cart
`,
  'src/Storefront/web-app/cart-service/component.md': `---
name: "Cart Service"
description: "Keeps the basket"
technology: "TypeScript"
---
`,
  'src/Payments/system.md': `---
name: "Payments"
description: "Charges cards through the bank"
---

# Payments
`,
  'src/Payments/system.d2': `gateway: Payment Gateway
bank: Bank {shape: cylinder}
gateway -> bank
`,
  'src/Payments/gateway/container.md': `---
name: "Gateway"
description: "The payment API"
technology: "Go"
relationships:
  - target: Storefront/web-app
    description: "sends receipts"
---
`,
};

/** A generated project: `systems` systems, each with `containers` containers of `components` components, chained by relationships. */
export function generatedProject(systems: number, containers = 3, components = 2): Record<string, string> {
  const files: Record<string, string> = {
    'loko.toml': `[project]\nname = "Generated"\ndescription = "A generated project of ${systems} systems"\nversion = "0.1.0"\n\n[paths]\nsource_dir = "src"\noutput_dir = "dist"\n\n[d2]\nlayout = "elk"\n`,
  };
  for (let s = 0; s < systems; s++) {
    const system = `System${String(s).padStart(3, '0')}`;
    const next = `System${String((s + 1) % systems).padStart(3, '0')}`;
    const relation = s + 1 < systems ? `relationships:\n  - target: ${next}\n    description: "calls"\n` : '';
    files[`src/${system}/system.md`] = `---\nname: "${system} Service"\ndescription: "Generated system number ${s}"\ntechnology: "Node.js"\n${relation}---\n\n# ${system}\n\nThe system ${system}.\n`;
    const shapes = Array.from({ length: containers }, (_, c) => `c${c}: Container ${c} of ${system}`);
    files[`src/${system}/system.d2`] = `${shapes.join('\n')}\n${shapes.slice(1).map((_, c) => `c${c} -> c${c + 1}: uses`).join('\n')}\n`;
    for (let c = 0; c < containers; c++) {
      const container = `c${c}`;
      files[`src/${system}/${container}/container.md`] = `---\nname: "Container ${c}"\ndescription: "Container ${c} of ${system}"\ntechnology: "Go"\n---\n`;
      files[`src/${system}/${container}/container.d2`] = Array.from({ length: components }, (_, k) => `k${k}: Component ${k}`).join('\n') + '\nk0 -> k1\n';
      for (let k = 0; k < components; k++) {
        files[`src/${system}/${container}/k${k}/component.md`] = `---\nname: "Component ${k}"\ndescription: "Component ${k} of ${container}"\n---\n`;
      }
    }
  }
  return files;
}
