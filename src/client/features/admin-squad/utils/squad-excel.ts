import type { Player } from '@shared/players';
import { EXPORT_COLUMNS, squadExportRows } from './squad-export';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The squad as an Excel workbook. exceljs is large, so it is fetched only when an admin exports. */
export async function squadWorkbook(players: Player[]): Promise<Blob> {
  const module = await import('exceljs');
  // The browser build is CommonJS: its exports may arrive as the default export.
  const ExcelJS = ('default' in module && module.default ? module.default : module) as typeof module;
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Squad');
  sheet.columns = EXPORT_COLUMNS.map((header) => ({
    header,
    key: header,
    width: header === 'Name' ? 28 : 20,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(squadExportRows(players));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}
