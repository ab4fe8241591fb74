FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
# The image serves its own static files (whitenoise): collect them at build time,
# with a key used for nothing else (settings refuse to start without one).
RUN DJANGO_DEBUG=0 DJANGO_SECRET_KEY=build-only-collectstatic ALLOWED_HOSTS=localhost \
    python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["gunicorn", "league.wsgi:application", "--bind", "0.0.0.0:8000"]
