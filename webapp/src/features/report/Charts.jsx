/** chart.js charts of the dashboard, registered once with only the parts they use. */
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar, Pie } from 'react-chartjs-2';
import { PIE_SIZE, barData, pieData } from './reportHelpers.js';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** A pie of grouped values, 300 x 300 (smaller in a narrow panel), six colours in turn. */
export function PieChart({ grouped }) {
  return (
    <div className="metric-pie" style={{ maxWidth: PIE_SIZE, maxHeight: PIE_SIZE }} data-testid="metric-pie">
      <Pie data={pieData(grouped)}
        options={{ responsive: true, maintainAspectRatio: true, aspectRatio: 1, animation: false,
          plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } } }} />
    </div>
  );
}

export function BarChart({ report, title }) {
  return (
    <div className="metric-bar" data-testid="metric-bar">
      <Bar data={barData(report, title)}
        options={{ responsive: true, maintainAspectRatio: false, animation: false,
          plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true } } }} />
    </div>
  );
}
