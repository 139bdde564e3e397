/** The effort report's chart (issue 45), a lazy chunk with chart.js: planned and actual person-months side by side
 *  per organisation or work package, resized with its box; its figures as a hidden table for screen readers. */
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { t } from '../../lib/i18n.js';
import { pm } from './effortHelpers.js';

ChartJS.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const PLANNED = '#9db4c0';
const ACTUAL = '#1f6f8b';

// A long name is cut on the axis (the tooltip says it whole).
const axisLabel = (label) => (String(label).length > 18 ? `${String(label).slice(0, 17)}…` : label);

function DataAlternative({ title, series }) {
  return (
    <div className="sr-only">
      <table data-testid="effort-chart-data">
        <caption>{title}</caption>
        <thead>
          <tr><th scope="col">{t('effortReport.name')}</th><th scope="col">{t('effortReport.planned')}</th><th scope="col">{t('effortReport.actual')}</th></tr>
        </thead>
        <tbody>
          {series.labels.map((label, i) => (
            <tr key={label}><th scope="row">{label}</th><td>{pm(series.planned[i])}</td><td>{pm(series.actual[i])}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function EffortChart({ series, title }) {
  const data = {
    labels: series.labels,
    datasets: [
      // Planned is drawn hollow and actual filled: they differ by more than their colour.
      { label: t('effortReport.planned'), data: series.planned, backgroundColor: `${PLANNED}66`, borderColor: PLANNED, borderWidth: 2 },
      { label: t('effortReport.actual'), data: series.actual, backgroundColor: ACTUAL, borderColor: ACTUAL, borderWidth: 2 },
    ],
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12 } },
      tooltip: { callbacks: { title: (items) => series.labels[items[0].dataIndex], label: (item) => `${item.dataset.label}: ${pm(item.raw)}` } },
    },
    scales: {
      y: { beginAtZero: true, title: { display: true, text: t('effortReport.personMonths') } },
      x: { ticks: { autoSkip: false, maxRotation: 60, minRotation: 0, callback: (_v, i) => axisLabel(series.labels[i]) } },
    },
  };
  return (
    <div className="effort-chart__canvas">
      <Bar data={data} options={options} role="img" aria-label={title} />
      <DataAlternative title={title} series={series} />
    </div>
  );
}
