import type { Content, ContentStack } from 'pdfmake/interfaces';
import type { Statement } from '../../../../shared/schemas/statement-views.js';
import { fontRuns } from './fonts.js';
import { date } from './format.js';
import { monthsWords } from '../../../../shared/format.js';
import { periodWords } from '../../../../shared/statement-periods.js';
import type { Party, StatementDocument } from './render.js';

/** A party's name (bold), address lines and VAT number, each in fonts that print it. */
export function partyBlock(party: Party, title: string): ContentStack {
  const lines: Content[] = [
    { text: title, style: 'label' },
    { ...fontRuns(party.name), bold: true },
  ];
  for (const line of (party.address ?? '').split(/\r?\n/).filter((l) => l.trim() !== '')) lines.push(fontRuns(line));
  if (party.vat_number) lines.push(`VAT number ${party.vat_number}`);
  return { stack: lines };
}

/** "Version 2 — corrects ST-000012" for a correction; nothing for a first version. */
function versionLine(document: StatementDocument): string | null {
  const { statement } = document;
  if (statement.version <= 1) return null;
  const corrected = document.replaces?.number ?? 'an earlier version';
  return `Version ${statement.version} — corrects ${corrected}`;
}

function title(statement: Statement): string {
  return statement.type === 'DistributionStatement' ? 'Distribution Statement' : 'Royalty Statement';
}

/** The first page's head: who issues the statement, its number, version, period and currency, and who it is for. */
export function headerSection(document: StatementDocument): Content {
  const { statement, company, payee } = document;
  const version = versionLine(document);
  const facts: [string, string][] = [
    ['Statement', statement.number],
    ['Accounting period', periodWords(statement)],
    ['Pay periods', monthsWords(statement.start_pay_period, statement.end_pay_period)],
    ['Currency', statement.currency.toUpperCase()],
    ['Issued', date(statement.created_at)],
  ];
  return [
    {
      columns: [
        partyBlock(company, 'From'),
        {
          width: 'auto',
          stack: [
            { text: title(statement), style: 'title', alignment: 'right' },
            ...(version ? [{ text: version, bold: true, alignment: 'right' as const, color: '#b71c1c' }] : []),
            {
              table: {
                body: facts.map(([k, v]) => [
                  { text: k, style: 'label' },
                  { text: v, alignment: 'right' },
                ]),
              },
              layout: 'noBorders',
              margin: [0, 4, 0, 0],
            },
          ],
        },
      ],
    },
    { ...partyBlock(payee, 'Statement for'), margin: [0, 12, 0, 0] },
  ];
}
