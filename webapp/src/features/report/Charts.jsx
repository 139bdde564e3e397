/** chart.js charts of the dashboard, registered once with only the parts they use; each with its data as a
 *  visually hidden table for screen readers (the canvas is an image named by the panel). */
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar, Pie } from 'react-chartjs-2';
import { t } from '../../lib/i18n.js';
import { PIE_SIZE, axisLabel, barData, chartRows, groupLabel, pieData } from './reportHelpers.js';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

// In a box that hides it: a table keeps its content's width whatever width it is given, and the hidden table
// of a long series made its panel scroll sideways on a phone.
function DataAlternative({ title, rows, valueHeader }) {
  return (
    <div className="sr-only">
      <table data-testid="chart-data">
        <caption>{title}</caption>
        <thead><tr><th scope="col">{t('report.label')}</th><th scope="col">{valueHeader}</th></tr></thead>
        <tbody>{rows.map(([label, value]) => <tr key={label}><th scope="row">{label}</th><td>{value}</td></tr>)}</tbody>
      </table>
    </div>
  );
}

/** A pie of grouped values, 300 x 300 (smaller in a narrow panel), picklist options in their order and scale. */
export function PieChart({ report, grouped, title = t('report.chart') }) {
  return (
    <div className="metric-pie" style={{ maxWidth: PIE_SIZE, maxHeight: PIE_SIZE }} data-testid="metric-pie">
      <Pie data={pieData(grouped)} role="img" aria-label={t('report.pieChartLabel', { title })}
        options={{ responsive: true, maintainAspectRatio: true, aspectRatio: 1, animation: false,
          plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } } }} />
      <DataAlternative title={title} rows={chartRows(report || { groupedValues: grouped }, 'pie')} valueHeader={t('report.count')} />
    </div>
  );
}

/** Bars in one colour, every bar labelled (rotated, long labels cut; the tooltip says it all). */
export function BarChart({ report, title = t('report.chart') }) {
  const data = barData(report, title);
  const labels = (report.groupedValues || []).map(groupLabel);
  return (
    <div className="metric-bar" data-testid="metric-bar">
      <Bar data={data} role="img" aria-label={t('report.barChartLabel', { title })}
        options={{ responsive: true, maintainAspectRatio: false, animation: false,
          plugins: { legend: { display: false }, tooltip: { callbacks: { title: (items) => labels[items[0].dataIndex] } } },
          scales: {
            y: { beginAtZero: true },
            x: { ticks: { autoSkip: false, maxRotation: 60, minRotation: 0, callback: (_v, i) => axisLabel(labels[i]) } },
          } }} />
      <DataAlternative title={title} rows={chartRows(report, 'bar')} valueHeader={t('report.value')} />
    </div>
  );
}
